/**
 * Book again on the booking card (docs/product/due-again.md#book-again): a service page opened with
 * `?again=<token>` reads `GET /api/book-again?t=<token>` once the card is up and fills the card as
 * last time (the options, when the link's service is the page's; the address, phone and notes;
 * never the day and window), each field only while it still holds what the card started this page
 * view with, so nothing typed here is overwritten; then says so above the card. An altered (400) or
 * expired (410) link says that instead and leaves the card alone. The parameter leaves the address
 * bar once read, so a reload does not ask again: the draft (booking-draft.ts) keeps what was filled.
 * Loaded only when the address may carry a link (mayBookAgain, booking-draft.ts).
 */
import { ApiError, requestJson } from '@/lib/api';
import { formatDay } from '@/lib/dates';
import {
  BOOK_AGAIN_ALTERED,
  BOOK_AGAIN_EXPIRED,
  BOOK_AGAIN_PARAM,
  bookedAgainLine,
  WELCOME_BACK,
  type BookAgainAnswer,
} from './book-again';
import type { BookingDraft } from './booking-draft';
import { defaultOptionValues, pricedOptions } from './booking-options';
import type { ServiceType } from './pricing';
import type { VisitInput } from './visit';

/** What a link fills in: the options (none for another service's link) and the visit's fields. */
export interface BookAgainFill {
  options: Record<string, string>;
  visit: Partial<VisitInput>;
}

/** The visit's fields a link fills: not the day and window, which the visitor picks. */
const VISIT_FIELDS = ['street', 'city', 'zip', 'phone', 'notes'] as const;

/** The link in a page's address: its token and the address without it (the rest of the query and the anchor kept), or null. */
export function bookAgainLink(href: string): { token: string; rest: string } | null {
  const url = new URL(href);
  const token = url.searchParams.get(BOOK_AGAIN_PARAM);
  if (token === null) return null;
  url.searchParams.delete(BOOK_AGAIN_PARAM);
  return { token, rest: `${url.pathname}${url.search}${url.hash}` };
}

/** The read of a link. */
export function bookAgainPath(token: string): string {
  return `/api/book-again?t=${encodeURIComponent(token)}`;
}

/**
 * The options as the card's fields hold them: only the fields of the page's service, and only when
 * the card can price them (a grade no longer sold, a count out of range: the card's own stay).
 */
function optionsOf(serviceType: ServiceType, options: Record<string, unknown>): Record<string, string> {
  const defaults = defaultOptionValues(serviceType);
  const values: Record<string, string> = {};
  for (const name of Object.keys(defaults)) {
    const value = options[name];
    if (typeof value === 'string' || (typeof value === 'number' && Number.isFinite(value)))
      values[name] = String(value);
  }
  return 'cents' in pricedOptions(serviceType, { ...defaults, ...values }) ? values : {};
}

/** What `answer` fills on the card of `serviceType`: another service's link fills the address, phone and notes only. */
export function fillOf(serviceType: ServiceType, answer: BookAgainAnswer): BookAgainFill {
  const visit: Partial<VisitInput> = {};
  for (const field of VISIT_FIELDS) {
    const value: unknown = answer.visit?.[field];
    if (typeof value === 'string' && value !== '') visit[field] = value;
  }
  const options = answer.serviceType === serviceType ? optionsOf(serviceType, answer.options ?? {}) : {};
  return { options, visit };
}

/**
 * `current` with each field of `fill` put in where the card still holds what it started this page
 * view with (`start`: the defaults and this tab's draft); a field typed or chosen since keeps its value.
 */
export function fillUntyped<T extends object>(current: T, start: T, fill: Partial<T>): T {
  const next = { ...current };
  for (const key of Object.keys(fill) as (keyof T)[]) {
    if (current[key] === start[key] && fill[key] !== undefined) next[key] = fill[key];
  }
  return next;
}

/** What the card says once filled: welcome back, or that the service was booked again since (the day in words). */
export function welcomeLine(answer: Pick<BookAgainAnswer, 'bookedAgainOn'>): string {
  return answer.bookedAgainOn ? bookedAgainLine(formatDay(answer.bookedAgainOn)) : WELCOME_BACK;
}

/** What the card says for a link refused: the server's words, else the doc's; null for a failure that says nothing of the link. */
export function refusalLine(error: unknown): string | null {
  if (!(error instanceof ApiError)) return null;
  if (error.status === 410) return error.message || BOOK_AGAIN_EXPIRED;
  if (error.status === 400) return error.message || BOOK_AGAIN_ALTERED;
  return null;
}

/** How the card's state is changed: from what it holds now. */
type Update<T> = (update: (current: T) => T) => void;

/**
 * Reads the link in the page's address, takes it out of the address bar, and fills the card
 * (`start`: what it held when it started); resolves with the line to show, or null when there is
 * no link or the read failed for another reason (no connection: the card stays as it is).
 */
export async function bookAgain(
  serviceType: ServiceType,
  start: BookingDraft,
  card: { setOptions: Update<Record<string, string>>; setVisit: Update<VisitInput> },
): Promise<string | null> {
  const link = bookAgainLink(window.location.href);
  if (!link) return null;
  history.replaceState(history.state, '', link.rest);
  try {
    // No fallback words: a refusal without the server's is told by its status.
    const answer = await requestJson<BookAgainAnswer>(bookAgainPath(link.token), { fallback: '' });
    const fill = fillOf(serviceType, answer);
    card.setOptions((current) => fillUntyped(current, start.options, fill.options));
    card.setVisit((current) => fillUntyped(current, start.visit, fill.visit));
    return welcomeLine(answer);
  } catch (error) {
    const line = refusalLine(error);
    if (line === null) console.error('The Book again link could not be read:', error);
    return line;
  }
}
