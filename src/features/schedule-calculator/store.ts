/**
 * The schedule calculator's result, shared across islands and scripts: the calculator shows it,
 * the factors section's 'Calculate My Schedule' button clears it (docs/product/tools.md#schedule-calculator) and the
 * reminder picker offers it as a date. React context cannot cross islands; a nanostore can.
 */
import { atom } from 'nanostores';

/** Days between filter changes from the last 'Calculate My Schedule', or null when there is no result. */
export const $scheduleDays = atom<number | null>(null);

/** Shows a calculated schedule. */
export function showSchedule(days: number): void {
  $scheduleDays.set(days);
}

/** Removes the result, e.g. when the reader starts again or changes an answer. */
export function clearSchedule(): void {
  $scheduleDays.set(null);
}
