/**
 * Book again (docs/product/due-again.md#book-again): what `GET /api/book-again?t=<token>` answers,
 * for the booking card to fill itself as last time, and the words shown above it. Pure. Shared
 * core: relative imports with the extension only.
 */

/** The query parameter of a Book again link on a service page. */
export const BOOK_AGAIN_PARAM = 'again';

/** GET /api/book-again?t=: the last visit's service, options and place. */
export interface BookAgainAnswer {
  serviceType: string;
  options: Record<string, unknown>;
  visit: { street: string; city: string; zip: string; phone: string; notes: string };
  /** The day that service was booked again since (`YYYY-MM-DD`), or null. */
  bookedAgainOn: string | null;
}

/** Shown above the card once it is filled. */
export const WELCOME_BACK = 'Welcome back: we filled in your details from your last visit. Pick a day.';
/** Shown when the service was booked again since the link was sent. */
export function bookedAgainLine(day: string): string {
  return `You booked this again on ${day}. Book another below, or see your visits in your account.`;
}
/** Shown for a link that cannot be read (400) or has expired (410); the card stays as it was. */
export const BOOK_AGAIN_ALTERED = 'This link is not complete or was changed. You can still book below.';
export const BOOK_AGAIN_EXPIRED = 'This link has expired. You can still book below.';
