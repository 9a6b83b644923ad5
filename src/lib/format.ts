/** Money and number formatting shared by pages, islands, e-mails and functions. */

/** The currency every plan and service is charged in. */
export const CURRENCY = 'usd';

const usdWhole = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });
const usdCents = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2 });

/** "$39" for whole dollars, "$39.50" when there are cents. */
export function formatUsd(dollars: number): string {
  return Number.isInteger(dollars) ? usdWhole.format(dollars) : usdCents.format(dollars);
}

/** "$30.00" from an amount in cents, as a receipt shows it. */
export function formatCents(cents: number): string {
  return usdCents.format(cents / 100);
}

/** The ten digits of a US phone number written any way, without the leading 1: "4175550142". */
export function phoneDigits(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  return digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
}
