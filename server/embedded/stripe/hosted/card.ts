/**
 * The hosted checkout's test-card form: what Stripe's test mode accepts (any future expiry, any
 * CVC of the right length, Luhn-valid numbers) and its documented test cards that fail, with the
 * messages Stripe shows.
 */

/** The form's fields. */
export interface CardInput {
  number: string;
  expiry: string;
  cvc: string;
  name: string;
  /** Asked only when the session knows no e-mail. */
  email?: string;
}

/** A card that passed. */
export interface AcceptedCard {
  ok: true;
  brand: 'visa' | 'mastercard' | 'amex' | 'discover' | 'unknown';
  last4: string;
  expMonth: number;
  expYear: number;
}

/** A card that did not: messages per field, or a decline for the whole form. */
export interface RejectedCard {
  ok: false;
  errors: Partial<Record<keyof CardInput, string>>;
  declined: string | null;
}

// NUL and other control characters: no name has them, and the database could not store a NUL.
const CONTROL_CHARACTERS = /\p{Cc}/u;

/** The number the form is prefilled with: Stripe's successful Visa test card. */
export const SUCCESS_CARD = '4242 4242 4242 4242';

/** Stripe's test cards that are declined, with the message the customer sees. */
export const DECLINED_CARDS: Readonly<Record<string, string>> = {
  '4000000000000002': 'Your card was declined.',
  '4000000000009995': 'Your card has insufficient funds.',
  '4000000000000069': 'Your card has expired.',
  '4000000000000127': "Your card's security code is incorrect.",
};

function luhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

function brandOf(digits: string): AcceptedCard['brand'] {
  if (digits.startsWith('4')) return 'visa';
  if (/^(5[1-5]|2[2-7])/.test(digits)) return 'mastercard';
  if (/^3[47]/.test(digits)) return 'amex';
  if (/^(6011|65)/.test(digits)) return 'discover';
  return 'unknown';
}

/** `MM / YY`, `MM/YY`, `MMYY` or `MM/YYYY` as month and four-digit year, or null. */
export function parseExpiry(text: string): { month: number; year: number } | null {
  const match = /^\s*(\d{1,2})\s*\/?\s*(\d{2}|\d{4})\s*$/.exec(text);
  if (!match) return null;
  const month = Number(match[1]);
  const yearText = match[2] ?? '';
  const year = yearText.length === 2 ? 2000 + Number(yearText) : Number(yearText);
  if (month < 1 || month > 12) return null;
  return { month, year };
}

/** Checks the form as Stripe's test mode would at `now`. */
export function checkCard(input: CardInput, now: Date, emailRequired: boolean): AcceptedCard | RejectedCard {
  const errors: RejectedCard['errors'] = {};
  const digits = input.number.replace(/[\s-]/g, '');
  if (!/^\d+$/.test(digits) || digits.length < 13) errors.number = 'Your card number is incomplete.';
  else if (digits.length > 19 || !luhn(digits)) errors.number = 'Your card number is invalid.';
  const brand = brandOf(digits);

  const expiry = parseExpiry(input.expiry);
  if (!expiry) errors.expiry = "Your card's expiration date is incomplete.";
  else {
    const current = now.getUTCFullYear() * 12 + now.getUTCMonth() + 1;
    if (expiry.year * 12 + expiry.month < current) errors.expiry = "Your card's expiration date is in the past.";
    else if (expiry.year > now.getUTCFullYear() + 50) errors.expiry = "Your card's expiration year is invalid.";
  }

  const cvcLength = brand === 'amex' ? 4 : 3;
  if (!new RegExp(`^\\d{${cvcLength}}$`).test(input.cvc.trim()))
    errors.cvc = "Your card's security code is incomplete.";
  if (input.name.trim() === '') errors.name = 'Enter the name on the card.';
  else if (CONTROL_CHARACTERS.test(input.name) || !input.name.isWellFormed()) {
    errors.name = 'The name on the card contains characters that are not allowed.';
  }
  if (emailRequired && !/^[^\s@\p{Cc}]+@[^\s@\p{Cc}]+\.[^\s@\p{Cc}]+$/u.test((input.email ?? '').trim())) {
    errors.email = 'Your email address is invalid.';
  }

  if (Object.keys(errors).length > 0) return { ok: false, errors, declined: null };
  const declined = DECLINED_CARDS[digits];
  if (declined) return { ok: false, errors: {}, declined };
  return { ok: true, brand, last4: digits.slice(-4), expMonth: expiry?.month ?? 0, expYear: expiry?.year ?? 0 };
}
