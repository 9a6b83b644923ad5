/**
 * The account screen's visits to come (docs/product.md#account-page): each booking with its
 * requested day and window, and a subscriber's plan visits with their due dates, each with its
 * status, order number and address.
 */
import type { AccountSummary } from './account-summary';
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
            </li>
          ))}
        </ul>
      )}
    </AccountSection>
  );
}
