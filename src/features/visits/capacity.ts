/**
 * How many visits a window takes, and what a customer is told of a full or closed one
 * (docs/product/visits.md#capacity-and-closed-days). Framework-free; the booking card, the desk and the
 * functions share it. Shared core: relative imports with the extension only.
 */
import { formatDay } from '../../lib/dates.ts';

/** Visits per window until the owner sets another number (or VISITS_PER_WINDOW does). */
export const DEFAULT_VISITS_PER_WINDOW = 3;

/** The range the owner may set. */
export const VISITS_PER_WINDOW_LIMITS = { min: 1, max: 20 } as const;

/** Whether a value is a number of visits per window the owner may set. */
export function isVisitsPerWindow(value: unknown): value is number {
  return (
    typeof value === 'number' &&
    Number.isInteger(value) &&
    value >= VISITS_PER_WINDOW_LIMITS.min &&
    value <= VISITS_PER_WINDOW_LIMITS.max
  );
}

/** What a checkout for a full window is answered. */
export const WINDOW_FULL_MESSAGE = 'That window is full. Please choose another day or window.';

/** What a checkout for a closed day is answered. */
export function closedDayMessage(date: string, reason: string): string {
  return `We are closed on ${formatDay(date)} (${reason}). Please choose another day.`;
}

/** One window of a day as the booking card shows it. */
export interface WindowAvailability {
  /** Visits holding a place (requested or confirmed). */
  booked: number;
  full: boolean;
}

/** One bookable day: closed (with the reason) or its windows' places. */
export interface DayAvailability {
  date: string;
  closed: string | null;
  windows: Record<string, WindowAvailability>;
}

/** The answer of GET /api/availability. */
export interface AvailabilityAnswer {
  capacity: number;
  days: DayAvailability[];
  /** Whether texts are on, so the booking card shows the consent box (docs/product/texts.md#consent). */
  texts: boolean;
}
