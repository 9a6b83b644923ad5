/**
 * A visit in a calendar (docs/product/emails.md#e-mails): the `.ics` file the booking and visit
 * e-mails carry, and the parts the owner's feed writes its entries with
 * (docs/product/calendar-feed.md#what-the-feed-holds), so both give a visit the same UID, times and
 * status. Pure. Shared core: Node loads it directly from functions/, so relative imports with the
 * extension only.
 */
import { createEvents, type DateArray, type EventAttributes, type HeaderAttributes } from 'ics';
import { SITE } from '../../site.ts';
import { businessTimeToUtc } from '../../lib/dates.ts';
import { VISIT_WINDOWS, type VisitWindow } from '../visits/windows.ts';

/** What a visit's calendar entry is made of, whoever's calendar it goes to. */
export interface VisitEventFacts {
  orderNumber: string;
  date: string;
  window: VisitWindow;
  address: string;
  /** The confirmed start and end (`HH:MM` in Springfield); the whole window when not confirmed. */
  confirmed?: { start: string; end: string } | null;
  /** 0 for the booking's first file, then one more for each change. */
  sequence?: number;
  /** A cancelled visit's file, which removes the entry. */
  cancelled?: boolean;
}

/** The UID of a visit's entry: one per booking (its order number at the site's e-mail domain). */
export function visitCalendarUid(orderNumber: string): string {
  return `${orderNumber}@${SITE.email.split('@')[1] ?? 'localhost'}`;
}

/**
 * A visit's entry without its words (title, description): the UID (`uid`, else the booking's),
 * the confirmed time or the requested window as UTC instants, the status, the sequence and the place.
 */
export function visitEvent(visit: VisitEventFacts, uid = visitCalendarUid(visit.orderNumber)): EventAttributes {
  const { start, end } = visit.confirmed ?? VISIT_WINDOWS[visit.window];
  const utc = (time: string): DateArray => {
    const d = businessTimeToUtc(visit.date, time);
    return [d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate(), d.getUTCHours(), d.getUTCMinutes()];
  };
  return {
    uid,
    location: visit.address,
    start: utc(start),
    startInputType: 'utc',
    startOutputType: 'utc',
    end: utc(end),
    endInputType: 'utc',
    endOutputType: 'utc',
    status: visit.cancelled ? 'CANCELLED' : visit.confirmed ? 'CONFIRMED' : 'TENTATIVE',
    sequence: visit.sequence ?? 0,
  };
}

/** Events as one iCalendar text (none makes an empty calendar); throws when the library refuses one. */
export function writeCalendar(events: EventAttributes[], header: HeaderAttributes = {}): string {
  const { error, value } = createEvents(events, { productId: SITE.name, ...header });
  if (error || !value) throw new Error(`Could not write the calendar file: ${String(error)}`);
  return value;
}

/**
 * The visit as an iCalendar event (`.ics`), for the customer's calendar: the requested window
 * (tentative), or the confirmed time. One UID per booking, so each update (a higher `sequence`)
 * replaces the entry the calendar holds.
 */
export function visitCalendarFile(booking: VisitEventFacts & { serviceName: string }): string {
  return writeCalendar([
    {
      ...visitEvent(booking),
      title: `${booking.serviceName} (${SITE.name})`,
      description: booking.confirmed
        ? `Order ${booking.orderNumber}. Confirmed time. ${SITE.phone.display}`
        : `Order ${booking.orderNumber}. Requested window: we will send you a proposed time within that window. ${SITE.phone.display}`,
    },
  ]);
}
