/**
 * What the desk knows of a visit (docs/product/desk.md#owners-desk): status, when, the customer, the
 * phone (tap to call) and address (maps) as big links, the service with its options in words, the
 * order, the customer's notes, a plan visit's filter sizes (docs/product/visits.md#plan-visits), a
 * requested visit's standing proposal and the customer's note asking for another time
 * (docs/product/visits.md#proposed-times), once done the completion note and what the visit did,
 * and its pay request for extras: its state, order number, lines and note
 * (docs/product/extras.md#pay-requests).
 */
import type { OwnerVisit } from '@/features/visits/owner-api';
import { mapsLink } from '@/features/visits/route';
import { formatDay } from '@/lib/dates';
import { formatCents } from '@/lib/format';
import { addressOf, customerName, filtersLabel, STATUS_LABELS, telHref, visitTime } from './desk';
import { extraLineLabel, payRequestLabel, refundedLabel } from './desk-extras';
import { proposalLabel, timeNoteLabel } from './desk-proposals';
import { BIG_LINK, OverCapacityBadge } from './VisitCard';

interface Props {
  visit: OwnerVisit;
}

const TERM = 'font-semibold text-ink-muted';

export default function VisitFacts({ visit }: Props) {
  const filters = filtersLabel(visit);
  const did = visit.status === 'done' && visit.checklistItems.length > 0;
  // How long a proposal has waited, by the phone's clock: the desk knows only the server's day.
  const proposal = proposalLabel(visit, new Date());
  const note = visit.status === 'requested' ? timeNoteLabel(visit) : null;
  const extras = visit.payRequest ?? null;
  const refunded = extras && refundedLabel(extras);
  return (
    <dl className="mt-4 grid gap-x-4 gap-y-2 sm:grid-cols-[10rem_1fr]">
      <dt className={TERM}>Status</dt>
      <dd>
        {STATUS_LABELS[visit.status]}
        {visit.overCapacity && (
          <>
            <br />
            <OverCapacityBadge />
          </>
        )}
      </dd>
      <dt className={TERM}>When</dt>
      <dd>
        {formatDay(visit.date)}, {visitTime(visit)}
        {proposal && <p className="font-semibold">{proposal}</p>}
        {note && <p className="font-semibold break-words">{note}</p>}
      </dd>
      <dt className={TERM}>Customer</dt>
      <dd className="min-w-0 break-words">
        {customerName(visit)}
        <br />
        <a
          className="inline-flex min-h-11 items-center text-brand-700 underline"
          href={`mailto:${visit.customer.email}`}
        >
          {visit.customer.email}
        </a>
      </dd>
      <dt className={TERM}>Phone</dt>
      <dd>
        <a className={BIG_LINK} href={telHref(visit.customer.phone)}>
          Call {visit.customer.phone}
        </a>
      </dd>
      <dt className={TERM}>Address</dt>
      <dd>
        <a className={BIG_LINK} href={mapsLink(addressOf(visit))} target="_blank" rel="noopener noreferrer">
          {addressOf(visit)}
        </a>
      </dd>
      <dt className={TERM}>Service</dt>
      <dd>
        {/* The service's name carries its options in words ("Air Filter Replacement (Premium filter)"). */}
        {visit.service}
        {filters && <p className="font-semibold">{filters}</p>}
      </dd>
      <dt className={TERM}>Order</dt>
      <dd>
        {visit.orderNumber ?? 'No order'},{' '}
        {visit.planVisit === null ? formatCents(visit.amountCents) : `plan visit ${visit.planVisit}`}
      </dd>
      <dt className={TERM}>Customer&apos;s notes</dt>
      <dd className="break-words whitespace-pre-line">{visit.notes || 'None'}</dd>
      {visit.completionNote && (
        <>
          <dt className={TERM}>Completion note</dt>
          <dd className="break-words whitespace-pre-line">{visit.completionNote}</dd>
        </>
      )}
      {did && (
        <>
          <dt className={TERM}>Checklist</dt>
          <dd>
            <ul>
              {visit.checklistItems.map((item) => (
                <li key={item}>
                  {visit.checklist.includes(item) ? 'Done' : 'Not done'}: {item}
                </li>
              ))}
            </ul>
          </dd>
          <dt className={TERM}>Filter sizes found</dt>
          <dd>{visit.filterSizes.join(', ') || 'None'}</dd>
          <dt className={TERM}>Detectors tested</dt>
          <dd>{visit.detectorsTested ?? 'Not recorded'}</dd>
        </>
      )}
      {extras && (
        <>
          <dt className={TERM}>Extras</dt>
          <dd className="min-w-0 break-words">
            <p className="font-semibold">{payRequestLabel(extras)}</p>
            {refunded && <p className="font-semibold">{refunded}</p>}
            <p>Order {extras.orderNumber}</p>
            <ul>
              {extras.items.map((item, index) => (
                <li key={`${item.id}-${index}`}>{extraLineLabel(item)}</li>
              ))}
            </ul>
            {extras.note && <p>Note: {extras.note}</p>}
          </dd>
        </>
      )}
    </dl>
  );
}
