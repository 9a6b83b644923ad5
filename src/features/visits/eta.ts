/**
 * The minutes 'On my way' suggests (docs/product/texts.md#on-my-way): the drive from the stop before
 * a visit in the day's route (the business for the first), straight-line miles between ZIP centres
 * times 1.3 at 30 mph, plus 5 minutes, rounded up to 5 minutes, at least 10; 20 when either place
 * has no known centre. Framework-free; the places come from the ZIP database on the server. Shared
 * core: relative imports with the extension only.
 */
import { greatCircleMiles, type GeoPoint } from '../service-area/geo.ts';

/** Roads wind: the straight line times this. */
export const ROAD_FACTOR = 1.3;
/** The speed the drive is counted at, in miles per hour. */
export const DRIVE_MPH = 30;
/** Added to every drive: parking, the door. */
export const ETA_EXTRA_MINUTES = 5;
/** The suggestion is rounded up to this many minutes. */
export const ETA_STEP_MINUTES = 5;
/** The least the suggestion says. */
export const MIN_ETA_MINUTES = 10;
/** The suggestion when either place has no known centre. */
export const UNKNOWN_ETA_MINUTES = 20;

/** The minutes to suggest for the drive from `from` to `to` (null: a ZIP with no known centre). */
export function etaMinutes(from: GeoPoint | null, to: GeoPoint | null): number {
  if (from === null || to === null) return UNKNOWN_ETA_MINUTES;
  const drive = ((greatCircleMiles(from, to) * ROAD_FACTOR) / DRIVE_MPH) * 60 + ETA_EXTRA_MINUTES;
  return Math.max(MIN_ETA_MINUTES, Math.ceil(drive / ETA_STEP_MINUTES) * ETA_STEP_MINUTES);
}

/** One stop of a day's route: its id and where it is (null when its ZIP has no known centre). */
export interface RouteStop {
  id: string;
  place: GeoPoint | null;
}

/**
 * Each stop's suggested minutes from the stop before it, for a day's stops in route order (window by
 * window, as the desk lists them); the first's from `start`, the business.
 */
export function routeEtas(start: GeoPoint, stops: readonly RouteStop[]): Map<string, number> {
  const etas = new Map<string, number>();
  let here: GeoPoint | null = start;
  for (const stop of stops) {
    etas.set(stop.id, etaMinutes(here, stop.place));
    here = stop.place;
  }
  return etas;
}
