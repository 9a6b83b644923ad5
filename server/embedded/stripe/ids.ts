/**
 * Object ids shaped like Stripe's: a type prefix and random case-sensitive alphanumerics. Stripe
 * treats ids as opaque, but code downstream (order numbers, column widths) sees realistic lengths.
 */
import { randomInt } from 'node:crypto';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** How many random characters follow each prefix, as in Stripe's own test-mode ids. */
const LENGTHS = {
  cs_test: 58,
  bpc: 24,
  ch: 24,
  cus: 14,
  prod: 14,
  si: 14,
  ii: 24,
  il: 24,
  sub: 24,
  evt: 24,
  bps: 24,
  in: 24,
  pi: 24,
  pm: 24,
  price: 24,
  re: 24,
  req: 14,
} as const;

/** A Stripe id prefix the emulator mints, e.g. `cus` or `cs_test`. */
export type IdPrefix = keyof typeof LENGTHS;

/** `length` random characters from [A-Za-z0-9], from a cryptographic source. */
export function randomAlphanumeric(length: number): string {
  let out = '';
  for (let i = 0; i < length; i += 1) out += ALPHABET[randomInt(ALPHABET.length)];
  return out;
}

/** A new id such as `cs_test_` + 58 characters or `cus_` + 14. */
export function newId(prefix: IdPrefix): string {
  return `${prefix}_${randomAlphanumeric(LENGTHS[prefix])}`;
}
