/**
 * The owner API's link to the calendar feed (docs/product/calendar-feed.md#the-owner-apis-calendar-link):
 * its path and answer, shared by the desk and the function. Shared core: relative imports with the
 * extension only.
 */

/** `GET` the feed's link (made on the first call); `POST` a new one, the old refused at once. */
export const CALENDAR_URL_PATH = '/api/owner/calendar-url';

/** What both methods answer. */
export interface CalendarUrlAnswer {
  url: string;
}
