/**
 * A visit in the customer's calendar (docs/product/emails.md#e-mails): the `.ics` file the booking and
 * visit e-mails carry. Pure. Shared core: Node loads it directly from functions/, so relative
 * imports with the extension only.
 */
import { createEvent } from 'ics';
import { SITE } from '../../site.ts';
import { businessTimeToUtc } from '../../lib/dates.ts';
import { VISIT_WINDOWS, type VisitWindow } from '../visits/windows.ts';

/**
 * The visit as an iCalendar event (`.ics`), for the customer's calendar: the requested window
 * (tentative), or the confirmed time. One UID per booking, so each update (a higher `sequence`)
 * replaces the entry the calendar holds.
 */
export function visitCalendarFile(booking: {
  orderNumber: string;
  serviceName: string;
  date: string;
  window: VisitWindow;
  address: string;
  /** The confirmed start and end (`HH:MM` in Springfield); the whole window when not confirmed. */
  confirmed?: { start: string; end: string } | null;
  /** 0 for the booking's first file, then one more for each change. */
  sequence?: number;
  /** A cancelled visit's file, which removes the entry. */
  cancelled?: boolean;
}): string {
  const { start, end } = booking.confirmed ?? VISIT_WINDOWS[booking.window];
  const utc = (time: string) => {
    const d = businessTimeToUtc(booking.date, time);
    return [d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate(), d.getUTCHours(), d.getUTCMinutes()] as [
      number,
      number,
      number,
      number,
      number,
    ];
  };
  const { error, value } = createEvent({
    uid: `${booking.orderNumber}@${SITE.email.split('@')[1] ?? 'localhost'}`,
    title: `${booking.serviceName} (${SITE.name})`,
    description: booking.confirmed
      ? `Order ${booking.orderNumber}. Confirmed time. ${SITE.phone.display}`
      : `Order ${booking.orderNumber}. Requested window: we will send you a proposed time within that window. ${SITE.phone.display}`,
    location: booking.address,
    start: utc(start),
    startInputType: 'utc',
    startOutputType: 'utc',
    end: utc(end),
    endInputType: 'utc',
    endOutputType: 'utc',
    status: booking.cancelled ? 'CANCELLED' : booking.confirmed ? 'CONFIRMED' : 'TENTATIVE',
    sequence: booking.sequence ?? 0,
    productId: SITE.name,
  });
  if (error || !value) throw new Error(`Could not write the calendar file: ${String(error)}`);
  return value;
}
