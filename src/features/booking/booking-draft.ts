/**
 * What a booking card holds, kept in this tab's sessionStorage on every change, so a reload, a
 * Back, or the trip to sign in and back loses nothing chosen or typed
 * (docs/product/services.md#booking-card).
 */
import { EMPTY_VISIT, type VisitInput } from './visit';

/** The card's choices: the option fields as typed (text, so a half-typed number stays) and the visit. */
export interface BookingDraft {
  options: Record<string, string>;
  visit: VisitInput;
}

/** The key of a service's draft in this tab. */
export function bookingDraftKey(serviceType: string): string {
  return `booking:${serviceType}`;
}

/** This tab's draft for a service, or null when there is none or it is unreadable. */
export function loadBookingDraft(serviceType: string): BookingDraft | null {
  try {
    const raw = sessionStorage.getItem(bookingDraftKey(serviceType));
    if (!raw) return null;
    const draft = JSON.parse(raw) as Partial<BookingDraft>;
    const options = Object.fromEntries(
      Object.entries(draft.options ?? {}).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
    );
    const visit = { ...EMPTY_VISIT };
    for (const key of Object.keys(EMPTY_VISIT) as Exclude<keyof VisitInput, 'textConsent'>[]) {
      const value = draft.visit?.[key];
      if (typeof value === 'string') visit[key] = value;
    }
    if (draft.visit?.textConsent === true) visit.textConsent = true;
    return { options, visit };
  } catch {
    return null;
  }
}

/** Keeps the draft in this tab. */
export function saveBookingDraft(serviceType: string, draft: BookingDraft): void {
  try {
    sessionStorage.setItem(bookingDraftKey(serviceType), JSON.stringify(draft));
  } catch {
    // Storage full or disabled: the card still works, only this tab does not remember.
  }
}

/** The address of the booking card on this page, where signing in comes back to. */
export function cardAddress(location: Pick<Location, 'pathname'>): string {
  return `${location.pathname}#booking`;
}

/**
 * Whether the page's query may carry a Book again link (`?again=`, BOOK_AGAIN_PARAM in book-again.ts:
 * docs/product/due-again.md#book-again): the card loads the code that reads one only then.
 */
export function mayBookAgain(search: string): boolean {
  return /[?&]again=/.test(search);
}
