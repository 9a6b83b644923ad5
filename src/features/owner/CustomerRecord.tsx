/**
 * A customer's page on the desk (docs/product/desk.md#owners-desk): the account (name, e-mail, phone,
 * ZIP), the plan and its status, the visits, the orders, the plan details and the leads sent from
 * the customer's e-mail.
 */
import { SERVICE_NAMES, type ServiceType } from '@/features/booking/pricing';
import { formatDay } from '@/lib/dates';
import { formatCents } from '@/lib/format';
import { telHref } from './desk';
import { LEAD_KIND_LABELS, LEAD_STATUS_LABELS } from './LeadCard';
import type { OwnerCustomer, OwnerCustomerAnswer } from './records-api';
import ReadState from './ReadState';
import { useOwnerGet } from './use-owner';
import { BIG_LINK } from './VisitCard';

/** The plan in words: 'lite plan, active (set to cancel)', or 'No plan'. */
export function planText(plan: OwnerCustomer['plan']): string {
  if (!plan) return 'No plan';
  return `Autopilot ${plan.tier === 'full' ? 'Full' : 'Lite'}, ${plan.status}${plan.cancelAtPeriodEnd ? ' (set to cancel)' : ''}`;
}

/** An order's item in words: the service's name, or the plan's. */
function itemName(item: string): string {
  return SERVICE_NAMES[item as ServiceType] ?? `Autopilot ${item === 'full' ? 'Full' : 'Lite'} plan`;
}

interface Props {
  id: string;
}

export default function CustomerRecord({ id }: Props) {
  const read = useOwnerGet<OwnerCustomerAnswer>(`/api/owner/customers/${encodeURIComponent(id)}`);
  const record = read.data;
  if (!record) return <ReadState read={read} empty={null} />;
  const { customer, visits, orders, planDetails, leads } = record;
  const name = customer.name || customer.email;
  return (
    <section aria-labelledby="desk-customer" className="mt-6 rounded-2xl border border-slate-200 p-4">
      <h3 id="desk-customer" className="text-xl font-bold">
        {name}
      </h3>
      <p className="break-words">{customer.email}</p>
      <p>{planText(customer.plan)}</p>
      {customer.phone && (
        <a className={`${BIG_LINK} mt-2`} href={telHref(customer.phone)}>
          Call {customer.phone}
        </a>
      )}
      <h4 className="mt-4 text-lg font-bold">Visits</h4>
      {visits.length === 0 ? (
        <p className="text-ink-muted">No visits.</p>
      ) : (
        <ul className="grid gap-1">
          {visits.map((visit) => (
            <li key={visit.id}>
              {formatDay(visit.date, 'short')}: {visit.service}, {visit.status}, {visit.address}
            </li>
          ))}
        </ul>
      )}
      <h4 className="mt-4 text-lg font-bold">Orders</h4>
      {orders.length === 0 ? (
        <p className="text-ink-muted">No orders.</p>
      ) : (
        <ul className="grid gap-1">
          {orders.map((order) => (
            <li key={order.orderNumber}>
              {order.orderNumber}: {itemName(order.item)}, {formatCents(order.amountCents)}, {order.status}
            </li>
          ))}
        </ul>
      )}
      <h4 className="mt-4 text-lg font-bold">Plan details</h4>
      {planDetails ? (
        <p>
          {planDetails.fullName}, {planDetails.phone}, {planDetails.street}, {planDetails.city}, {planDetails.state}{' '}
          {planDetails.zip}
          {planDetails.instructions && `: ${planDetails.instructions}`}
        </p>
      ) : (
        <p className="text-ink-muted">None given.</p>
      )}
      <h4 className="mt-4 text-lg font-bold">Leads</h4>
      {leads.length === 0 ? (
        <p className="text-ink-muted">No leads from this address.</p>
      ) : (
        <ul className="grid gap-1">
          {leads.map((lead) => (
            <li key={lead.id}>
              {LEAD_KIND_LABELS[lead.kind]} ({LEAD_STATUS_LABELS[lead.status]}){lead.note && `: ${lead.note}`}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
