/**
 * The account screen's visits to come (docs/product/accounts.md#account-page): each booking with its
 * requested day and window, and a subscriber's plan visits with their due dates, each with its
 * status, order number and address, and 'Reschedule or cancel' for each still to do
 * (docs/product/visits.md#changing-a-visit).
 */
import type { AccountSummary } from './account-summary';
import { formatDay } from '@/lib/dates';
import AccountSection from './AccountSection';

interface Props {
  summary: AccountSummary;
}

export default function AccountVisits({ summary }: Props) {
  return (
    <AccountSection id="account-visits" title="Upcoming Visits" wide>
      {summary.visits.length === 0 ? (
        <p className="mt-4 text-ink-muted">No visits booked yet.</p>
      ) : (
        <ul className="mt-4 divide-y divide-slate-100" aria-label="Your upcoming visits, soonest first">
          {summary.visits.map((visit, index) => (
            <li key={`${visit.orderNumber ?? 'plan'}-${index}`} className="py-3">
              <p className="flex flex-wrap justify-between gap-x-4">
                <span className="font-semibold">{visit.description}</span>
                {visit.orderNumber && <span className="font-mono font-semibold">{visit.orderNumber}</span>}
              </p>
              <p>{visit.when}</p>
              {visit.address && <p className="text-sm text-ink-muted">{visit.address}</p>}
              {visit.id && (visit.status === 'requested' || visit.status === 'confirmed') && (
                <p className="mt-2">
                  <a
                    className="inline-flex min-h-11 items-center font-semibold text-brand-700 underline"
                    href={`/visit?id=${encodeURIComponent(visit.id)}`}
                    aria-label={`Reschedule or cancel: ${visit.description}${visit.day ? `, ${formatDay(visit.day, 'short')}` : ''}`}
                  >
                    Reschedule or cancel
                  </a>
                </p>
              )}
            </li>
          ))}
        </ul>
      )}
    </AccountSection>
  );
}
