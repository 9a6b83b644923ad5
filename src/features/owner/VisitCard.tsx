/**
 * One visit on the desk's lists (docs/product/desk.md#owners-desk): the time or window, the status, the
 * customer, the service, the address (a maps link) and the phone (tap to call), both as big as
 * buttons; 'Over capacity: move or confirm' when flagged; a plan visit's 'Filters: 16x25x1'
 * (docs/product/visits.md#plan-visits); its pay request for extras in one line
 * (docs/product/extras.md#pay-requests); what a list adds (To confirm's proposal or note); on
 * today's confirmed visits 'On my way' (docs/product/texts.md#on-my-way); 'Details' opens the visit.
 */
import type { OwnerVisit } from '@/features/visits/owner-api';
import { mapsLink } from '@/features/visits/route';
import { formatDay } from '@/lib/dates';
import {
  addressOf,
  customerName,
  dueLabel,
  filtersLabel,
  NO_ADDRESS,
  OVER_CAPACITY,
  STATUS_LABELS,
  telHref,
  visitTime,
} from './desk';
import { payRequestBrief } from './desk-extras';
import OnMyWay from './OnMyWay';
import VisitChanges from './VisitChanges';

/** A link as big as a button: the thumb's target on a phone. */
export const BIG_LINK =
  'flex min-h-11 items-center rounded-lg border-2 border-brand-700 px-3 py-2 font-semibold break-words text-brand-700 underline-offset-4 hover:bg-brand-50';

/** The badge of a visit paid for a full window. */
export function OverCapacityBadge() {
  return (
    <p className="mt-2 inline-block rounded-lg bg-accent-100 px-3 py-1 text-sm font-bold text-ink">{OVER_CAPACITY}</p>
  );
}

interface Props {
  visit: OwnerVisit;
  /** Shows the day before the time (lists that span several days). */
  withDay?: boolean;
  /** The site's today: with it, a plan visit shows when it is due (and whether overdue). */
  today?: string;
  /** A line the list adds below the time ('Proposed 9:30 AM, no answer yet (sent 18 h ago)'), or null. */
  remark?: string | null;
  onOpen: (visit: OwnerVisit) => void;
}

export default function VisitCard({ visit, withDay = false, today, remark = null, onOpen }: Props) {
  const name = customerName(visit);
  const cancelled = visit.status === 'cancelled';
  const due = today === undefined ? null : dueLabel(visit, today);
  const address = addressOf(visit);
  const filters = filtersLabel(visit);
  const extras = payRequestBrief(visit.payRequest);
  return (
    <li className={`rounded-2xl border border-slate-200 p-4 ${cancelled ? 'bg-slate-50' : 'bg-white'}`}>
      <p className="flex flex-wrap items-center justify-between gap-2">
        <span className="font-semibold">
          {withDay && `${formatDay(visit.date, 'short')}, `}
          {visitTime(visit)}
        </span>
        <span className="rounded-full bg-slate-100 px-3 py-1 text-sm font-semibold">{STATUS_LABELS[visit.status]}</span>
      </p>
      {due && <p className="mt-2 font-semibold">{due}</p>}
      {remark && <p className="mt-2 font-semibold break-words">{remark}</p>}
      {visit.overCapacity && <OverCapacityBadge />}
      <p className="mt-2 text-lg font-bold break-words">{name}</p>
      <p className="text-ink-muted">{visit.service}</p>
      {filters && <p className="mt-1 font-semibold">{filters}</p>}
      {extras && <p className="mt-1 font-semibold">{extras}</p>}
      <div className="mt-3 grid gap-2 sm:grid-cols-2">
        {visit.address.street ? (
          <a className={BIG_LINK} href={mapsLink(address)} target="_blank" rel="noopener noreferrer">
            {address}
          </a>
        ) : (
          <p className="py-2">{NO_ADDRESS}</p>
        )}
        {visit.customer.phone && (
          <a className={BIG_LINK} href={telHref(visit.customer.phone)}>
            Call {visit.customer.phone}
          </a>
        )}
      </div>
      <VisitChanges visitId={visit.id} />
      {visit.status === 'confirmed' && visit.etaMinutes !== null && <OnMyWay visit={visit} />}
      <button type="button" className="mt-3 btn-primary w-full sm:w-auto" onClick={() => onOpen(visit)}>
        Details<span className="sr-only"> for {name}</span>
      </button>
    </li>
  );
}
