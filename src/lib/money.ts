/**
 * An amount the card provider reports, in its own currency (a refund, a next charge): apart from
 * format.ts, whose helpers every page's scripts carry, since only the account and the server need
 * it. Shared core: Node loads it directly, so relative imports with the extension only.
 */
import { CURRENCY, formatCents } from './format.ts';

/** "$39.00" for 3900 cents of any currency ("€39.00" for `eur`): an amount the card provider reports. */
export function formatMoney(cents: number, currency: string): string {
  return currency.toLowerCase() === CURRENCY
    ? formatCents(cents)
    : new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).format(cents / 100);
}
