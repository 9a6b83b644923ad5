/**
 * Tips on a pay link (docs/product/extras.md#tips): the choices /pay offers, the cap, and the tip in
 * cents for a choice. Framework- and schema-free, so /pay's island ships no validation library;
 * the server checks a choice with `tipChoice` (extras.ts), built on these. Shared core: relative
 * imports with the extension only.
 */

/** The largest tip, in cents. */
export const TIP_MAX_CENTS = 10_000;
/** The tip choices /pay offers, as percentages of the extras' total. */
export const TIP_PERCENTS = [10, 15, 20] as const;
/** The refusal of an amount past the cap, or not one. */
export const TIP_MESSAGE = `Please enter a tip from $0 to $${TIP_MAX_CENTS / 100}`;

/** A tip choice: none, a percentage of the extras, or an amount in cents. */
export type TipChoice =
  { kind: 'none' } | { kind: 'percent'; percent: (typeof TIP_PERCENTS)[number] } | { kind: 'amount'; cents: number };

/** Whether `cents` is a tip the server takes: whole cents from 0 to the cap. */
export function isTipAmount(cents: number): boolean {
  return Number.isInteger(cents) && cents >= 0 && cents <= TIP_MAX_CENTS;
}

/** The tip in cents for `choice` on extras of `amountCents`: a percentage rounded to the cent, at most the cap. */
export function tipCents(amountCents: number, choice: TipChoice): number {
  if (choice.kind === 'none') return 0;
  const cents = choice.kind === 'percent' ? Math.round((amountCents * choice.percent) / 100) : choice.cents;
  return Math.min(Math.max(0, cents), TIP_MAX_CENTS);
}
