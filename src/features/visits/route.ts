/**
 * The order the owner drives a day's visits in (docs/product/visits.md#visits): nearest neighbour,
 * from the business to the closest visit, then on to the closest of those left; a visit whose ZIP
 * has no known centre goes last, in its given order. Framework-free; the places come from the ZIP
 * database on the server. Shared core: relative imports with the extension only.
 */
import { greatCircleMiles, type GeoPoint } from '../service-area/geo.ts';

/** One stop: its id and where it is (null when its ZIP has no known centre). */
export interface Stop {
  id: string;
  place: GeoPoint | null;
}

/** The stops' ids in driving order from `start`. */
export function routeOrder(start: GeoPoint, stops: readonly Stop[]): string[] {
  const left = stops.filter((stop): stop is Stop & { place: GeoPoint } => stop.place !== null);
  const order: string[] = [];
  let here = start;
  while (left.length > 0) {
    let nearest = 0;
    for (let i = 1; i < left.length; i++) {
      if (greatCircleMiles(here, left[i]!.place) < greatCircleMiles(here, left[nearest]!.place)) nearest = i;
    }
    const [next] = left.splice(nearest, 1);
    order.push(next!.id);
    here = next!.place;
  }
  return [...order, ...stops.filter((stop) => stop.place === null).map((stop) => stop.id)];
}

/** A maps address for a route through `addresses` in order (Google Maps directions, from the first). */
export function routeLink(origin: string, addresses: readonly string[]): string {
  const path = [origin, ...addresses].map((a) => encodeURIComponent(a)).join('/');
  return `https://www.google.com/maps/dir/${path}`;
}

/** A maps search link for one address. */
export function mapsLink(address: string): string {
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address)}`;
}
