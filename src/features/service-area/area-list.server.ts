/**
 * The service area's list of ZIP codes and towns, computed from the `zipcodes` package (a ZIP
 * database with coordinates, from the U.S. federal ZIP code list at federalgovernmentzipcodes.us):
 * every US ZIP code whose centre lies within `SITE.area.radiusMiles` of `SITE.area.geo` by
 * great-circle distance. The pages compute it at build time and pass the small result to the
 * browser; the functions compute the same at start to check addresses. Never imported by an island:
 * the whole database is several megabytes.
 */
import zipcodes from 'zipcodes';
import { SITE } from '../../site.ts';
import { greatCircleMiles, type AreaList, type GeoPoint } from './area.ts';

/**
 * Towns of the service area that the ZIP database does not name, with the ZIP codes their homes
 * use: Battlefield has no post office of its own, its addresses are Springfield's and Brookline's.
 */
export const TOWN_ZIPS: Readonly<Record<string, readonly string[]>> = {
  Battlefield: ['65619', '65807', '65810'],
};

/** Title case for a town the database spells in capitals ("BOIS D ARC"). */
function townName(city: string): string {
  return city === city.toUpperCase() ? city.toLowerCase().replace(/\b\w/g, (c) => c.toUpperCase()) : city;
}

let cached: AreaList | undefined;

/** The ZIP codes and towns within the radius (computed once per process). */
export function serviceAreaList(): AreaList {
  if (cached) return cached;
  const zips: Record<string, string> = {};
  for (const place of Object.values(zipcodes.codes)) {
    if (place.country !== 'US') continue;
    if (greatCircleMiles(SITE.area.geo, place) <= SITE.area.radiusMiles) zips[place.zip] = townName(place.city);
  }
  const towns = new Set(Object.values(zips));
  for (const [town, townZips] of Object.entries(TOWN_ZIPS)) {
    if (townZips.some((zip) => Object.hasOwn(zips, zip))) towns.add(town);
  }
  const sortedZips = Object.fromEntries(Object.entries(zips).sort(([a], [b]) => a.localeCompare(b)));
  cached = { zips: sortedZips, towns: [...towns].sort((a, b) => a.localeCompare(b)) };
  return cached;
}

/** The centre of a ZIP code, for the owner's route (docs/product/desk.md#owners-desk), or null when the database has none. */
export function zipCentre(zip: string): GeoPoint | null {
  const place = zipcodes.lookup(zip.trim());
  return place ? { latitude: place.latitude, longitude: place.longitude } : null;
}
