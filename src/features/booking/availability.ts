/**
 * The booking card's view of which days and windows still take a visit
 * (docs/product/visits.md#capacity-and-closed-days): from /api/availability, a closed day and a full
 * window are shown as unavailable and refused before paying, as the server refuses them.
 * Framework-free.
 */
import {
  closedDayMessage,
  WINDOW_FULL_MESSAGE,
  type AvailabilityAnswer,
  type DayAvailability,
} from '@/features/visits/capacity';
import type { AreaList } from '@/features/service-area/area';
import { businessToday } from '@/lib/dates';
import { visitErrors, type VisitInput } from './visit';
import { type BookableDay } from '../visits/windows';

/** Each bookable day's availability, by date; empty until (or unless) the server answered. */
export type Availability = ReadonlyMap<string, DayAvailability>;

/** The answer of /api/availability by date. */
export function availabilityOf(answer: AvailabilityAnswer): Availability {
  return new Map(answer.days.map((day) => [day.date, day]));
}

/** Whether a window of a day is taken up. */
export function windowFull(availability: Availability, date: string, window: string): boolean {
  return availability.get(date)?.windows[window]?.full === true;
}

/** Why a day takes no visit ('Closed: <reason>', 'Full'), or null when it does. */
export function dayUnavailable(availability: Availability, day: BookableDay): string | null {
  const known = availability.get(day.date);
  if (!known) return null;
  if (known.closed) return `Closed: ${known.closed}`;
  return day.windows.every((window) => windowFull(availability, day.date, window)) ? 'Full' : null;
}

/** The messages for a chosen day that is closed or a window that is full (none when both are open). */
export function availabilityErrors(
  visit: Pick<VisitInput, 'date' | 'window'>,
  availability: Availability,
): Partial<Record<'date' | 'window', string>> {
  const closed = availability.get(visit.date)?.closed;
  if (closed) return { date: closedDayMessage(visit.date, closed) };
  return visit.window && windowFull(availability, visit.date, visit.window) ? { window: WINDOW_FULL_MESSAGE } : {};
}

/** The visit's messages: the shared schema's, then a closed day or a full window. */
export function checkVisit(visit: VisitInput, area: AreaList, availability: Availability) {
  return { ...availabilityErrors(visit, availability), ...visitErrors(visit, area, businessToday()) };
}

/** The bookable days' availability and whether texts are on, or null when it could not be read. */
export async function loadCardFacts(): Promise<{ availability: Availability; texts: boolean } | null> {
  try {
    const { requestJson } = await import('@/lib/api');
    const answer = await requestJson<AvailabilityAnswer>('/api/availability', { fallback: 'Availability not read' });
    return { availability: availabilityOf(answer), texts: answer.texts === true };
  } catch (error) {
    console.error('Availability not read:', error);
    return null;
  }
}

/** The bookable days' availability, or null when it could not be read. */
export async function loadAvailability(): Promise<Availability | null> {
  return (await loadCardFacts())?.availability ?? null;
}
