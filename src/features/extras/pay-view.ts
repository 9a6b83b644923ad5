/**
 * What /pay shows (docs/product/extras.md#the-pay-link): the words of each state of a pay link, the
 * paid line, the tip choices with their amounts (docs/product/extras.md#tips) and the tip the
 * customer typed read into the choice `POST /api/pay` takes. Pure: the amounts come from
 * extras.ts, so the page shows what the server will charge. Relative imports with the extension,
 * so functions/pay.ts may answer a refused link in these same words (shared core).
 */
import { businessToday, formatDay } from '../../lib/dates.ts';
import { formatCents } from '../../lib/format.ts';
import { SITE } from '../../site.ts';
import type { PayRequest } from './extras.ts';
import { isTipAmount, TIP_MAX_CENTS, TIP_MESSAGE, TIP_PERCENTS, tipCents, type TipChoice } from './tips.ts';

/** A link that is cut short or edited: the API's 400 (docs/product/extras.md#the-pay-link). */
export const ALTERED_TEXT = `This link is not complete or was changed. Please open it again from your e-mail, or call ${SITE.phone.display}.`;

/** A link past its 90 days: the API's 410 (docs/product/extras.md#the-pay-link). */
export const EXPIRED_TEXT = `This pay link has expired. Please call ${SITE.phone.display} to pay.`;

/** A pay request the owner withdrew (docs/product/extras.md#the-pay-link). */
export const CANCELLED_TEXT = `This pay request was withdrawn. Nothing is owed on it. Questions? Call ${SITE.phone.display}.`;

/** Back from the hosted checkout, while the payment is not recorded yet (docs/product/extras.md#the-pay-link). */
export const PROCESSING_TEXT = 'Processing payment…';

/** Still not recorded once the page has stopped asking on its own. */
export const CONFIRMING_TEXT =
  'Your payment is being confirmed. This page will show it once it is recorded; you can also check your e-mail for the receipt.';

/** The pay request could not be read: no connection, or the server failed. */
export const LOAD_FAILED = 'The pay request could not be loaded. Please try again.';

/** The checkout could not be opened, and the server gave no reason. */
export const PAY_FAILED = 'The payment could not be started. Please try again.';

/** The tip's legend (docs/product/extras.md#the-pay-link). */
export const TIP_LEGEND = 'Add a tip?';

/** A tip percentage /pay offers. */
export type TipPercent = (typeof TIP_PERCENTS)[number];

/** The radio chosen in 'Add a tip?': no tip, a percentage, or 'Other amount' (typed in dollars). */
export type TipPick = 'none' | 'other' | TipPercent;

/** One radio of 'Add a tip?': its value and its label. */
export interface TipOption {
  pick: TipPick;
  label: string;
}

/** The radios of 'Add a tip?' for extras of `amountCents`: 'No tip', '10% ($2.40)' ..., 'Other amount'. */
export function tipOptions(amountCents: number): TipOption[] {
  return [
    { pick: 'none', label: 'No tip' },
    ...TIP_PERCENTS.map((percent) => ({
      pick: percent,
      label: `${percent}% (${formatCents(tipCents(amountCents, { kind: 'percent', percent }))})`,
    })),
    { pick: 'other', label: 'Other amount' },
  ];
}

/** The radio's value as the form holds it: the pick as a string. */
export function pickOf(value: string): TipPick {
  if (value === 'other') return 'other';
  return TIP_PERCENTS.find((percent) => String(percent) === value) ?? 'none';
}

/** The hint under the dollars field: the most a tip may be. */
export const TIP_HINT = `From $0 to ${formatCents(TIP_MAX_CENTS)}.`;

/**
 * The cents of a tip typed in dollars ('5', '5.5', '$12.50', '.75'), or NaN when it is not an amount
 * of dollars and cents (empty, a third decimal, a sign, letters): the schema then refuses it with
 * the tip's message.
 */
export function tipDollarsToCents(text: string): number {
  const match = /^\$?\s*(\d*)(?:\.(\d{0,2}))?$/.exec(text.trim());
  if (!match) return Number.NaN;
  const [, dollars = '', cents = ''] = match;
  if (!dollars && !cents) return Number.NaN;
  return Number(dollars || '0') * 100 + Number(cents.padEnd(2, '0'));
}

/** The tip chosen, as the server takes it, with its cents; or the tip's message when the typed amount is refused. */
export type TipResult = { ok: true; choice: TipChoice; cents: number } | { ok: false; error: string };

/** The choice the radios and the dollars field make, checked by the rule the server checks it with (tips.ts). */
export function tipOf(amountCents: number, pick: TipPick, otherText: string): TipResult {
  let choice: TipChoice;
  if (pick === 'none') choice = { kind: 'none' };
  else if (pick === 'other') {
    const cents = tipDollarsToCents(otherText);
    if (!isTipAmount(cents)) return { ok: false, error: TIP_MESSAGE };
    choice = { kind: 'amount', cents };
  } else choice = { kind: 'percent', percent: pick };
  return { ok: true, choice, cents: tipCents(amountCents, choice) };
}

/** The pay button: 'Pay <total with tip>'; a typed tip not yet valid counts as none. */
export function payLabel(amountCents: number, pick: TipPick, otherText: string): string {
  const tip = tipOf(amountCents, pick, otherText);
  return `Pay ${formatCents(amountCents + (tip.ok ? tip.cents : 0))}`;
}

/** The day an instant falls on in Springfield, in words: 'Tuesday, December 1, 2026'. */
function dayOf(iso: string): string {
  return formatDay(businessToday(new Date(iso)));
}

/**
 * A paid request's line (docs/product/extras.md#the-pay-link): 'Paid on <day>: <amount> (tip <tip>).
 * Order <order number>. Thank you!', the amount being what the card paid, the extras and the tip.
 */
export function paidLine(payRequest: Pick<PayRequest, 'paidAt' | 'amountCents' | 'tipCents' | 'orderNumber'>): string {
  const paid = formatCents(payRequest.amountCents + payRequest.tipCents);
  const on = payRequest.paidAt ? ` on ${dayOf(payRequest.paidAt)}` : '';
  return `Paid${on}: ${paid} (tip ${formatCents(payRequest.tipCents)}). Order ${payRequest.orderNumber}. Thank you!`;
}
