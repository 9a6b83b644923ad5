/**
 * The account screen's paid (and refunded) orders, newest first (docs/product/accounts.md#orders-list): a
 * table from the small breakpoint up, and on a phone one block per order, so a 390 px screen never
 * scrolls sideways (docs/product/accounts.md#account-page).
 */
import { formatCents } from '@/lib/format';
import { accountDate } from '@/lib/dates';
import type { AccountSummary } from './account-summary';
import AccountSection from './AccountSection';

interface Props {
  summary: AccountSummary | 'loading' | 'failed';
}

const COLUMNS = ['Order', 'What', 'Paid on'];

type Order = AccountSummary['orders'][number];

/** What was bought, and that it was refunded: the same words in the table and on a phone. */
function describeOrder(order: Order): string {
  return order.status === 'refunded' ? `${order.description}, refunded` : order.description;
}

export default function AccountOrders({ summary }: Props) {
  return (
    <AccountSection id="account-orders" title="Your Orders" wide>
      {summary === 'loading' && <p className="mt-4 text-ink-muted">Loading your orders...</p>}
      {summary === 'failed' && (
        <p role="alert" className="mt-4 font-semibold text-red-700">
          Your orders could not be loaded. Please reload the page.
        </p>
      )}
      {typeof summary === 'object' && summary.orders.length === 0 && (
        <p className="mt-4 text-ink-muted">No paid orders yet.</p>
      )}
      {typeof summary === 'object' && summary.orders.length > 0 && (
        <>
          <ul className="mt-4 divide-y divide-slate-100 sm:hidden" aria-label="Your paid orders, newest first">
            {summary.orders.map((order) => (
              <li key={order.orderNumber} className="py-3">
                <p className="flex flex-wrap justify-between gap-x-4">
                  <span className="font-mono font-semibold">{order.orderNumber}</span>
                  <span className="font-semibold">{formatCents(order.amountCents)}</span>
                </p>
                <p>{describeOrder(order)}</p>
                <p className="text-sm text-ink-muted">Paid on {accountDate(order.paidAt)}</p>
              </li>
            ))}
          </ul>
          <table className="mt-4 hidden w-full text-left sm:table">
            <caption className="sr-only">Your paid orders, newest first</caption>
            <thead>
              <tr className="border-b border-slate-200 text-sm text-ink-muted">
                {COLUMNS.map((column) => (
                  <th key={column} scope="col" className="py-2 pr-4 font-semibold">
                    {column}
                  </th>
                ))}
                <th scope="col" className="py-2 text-right font-semibold">
                  Amount
                </th>
              </tr>
            </thead>
            <tbody>
              {summary.orders.map((order) => (
                <tr key={order.orderNumber} className="border-b border-slate-100 last:border-0">
                  <td className="py-2 pr-4 font-mono font-semibold">{order.orderNumber}</td>
                  <td className="py-2 pr-4">{describeOrder(order)}</td>
                  <td className="py-2 pr-4">{accountDate(order.paidAt)}</td>
                  <td className="py-2 text-right font-semibold">{formatCents(order.amountCents)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </AccountSection>
  );
}
