/**
 * The service area (docs/product/site.md#service-area-check): homes within the radius of `SITE.area`
 * by great-circle distance. The list of ZIP codes and towns inside it is computed from the ZIP
 * database once (area-list.server.ts); this module only answers questions about that list, so the
 * browser, which gets the small list, and the server give the same answer. Shared core: Node
 * loads it directly from functions/, so relative imports with the extension only.
 */
import { SITE } from '../../site.ts';

/** The ZIP codes and towns inside the area: ZIP to its town, and each town once. */
export interface AreaList {
  /** Five-digit ZIP code to the town the ZIP database names for it. */
  readonly zips: Readonly<Record<string, string>>;
  /** Town names, sorted, as the area check and the messages spell them. */
  readonly towns: readonly string[];
}

// The distances live apart (geo.ts), so the owner's desk reaches them without the forms' files.
export { EARTH_RADIUS_MILES, greatCircleMiles, type GeoPoint } from './geo.ts';

/** What the area check answers for what was typed. */
export type AreaAnswer =
  | { kind: 'in'; town: string; zip: string | null }
  | { kind: 'out'; place: string }
  | { kind: 'invalid'; message: string };

/** The message for an empty check. */
export const AREA_QUERY_MESSAGE = 'Please enter a ZIP code or a town';

/** A five-digit US ZIP code (a ZIP+4 is read as its first five digits). */
const ZIP_PATTERN = /^(\d{5})(?:-\d{4})?$/;

/** The five-digit ZIP code of `value`, or null when it is not a ZIP code. */
export function zipOf(value: string): string | null {
  return ZIP_PATTERN.exec(value.trim())?.[1] ?? null;
}

/** A town name compared loosely: case, dots, extra spaces and a trailing ", MO" do not matter. */
function townKey(value: string): string {
  return value
    .toLowerCase()
    .replace(/\./g, '')
    .replace(/,?\s*(mo|missouri)$/, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The town of the list that `name` names, or null. */
export function townIn(name: string, list: AreaList): string | null {
  const key = townKey(name);
  return key ? (list.towns.find((town) => townKey(town) === key) ?? null) : null;
}

/** Whether a ZIP code lies inside the area. */
export function zipInArea(zip: string, list: AreaList): boolean {
  const five = zipOf(zip);
  return five !== null && Object.hasOwn(list.zips, five);
}

/** The answer to a ZIP code or town typed into the area check. */
export function checkArea(query: string, list: AreaList): AreaAnswer {
  const typed = query.trim().replace(/\s+/g, ' ');
  if (!typed) return { kind: 'invalid', message: AREA_QUERY_MESSAGE };
  const zip = zipOf(typed);
  if (zip) {
    const town = list.zips[zip];
    return town && Object.hasOwn(list.zips, zip) ? { kind: 'in', town, zip } : { kind: 'out', place: zip };
  }
  if (/\d/.test(typed)) return { kind: 'invalid', message: 'A ZIP code has five digits, e.g. 65804' };
  const town = townIn(typed, list);
  return town ? { kind: 'in', town, zip: null } : { kind: 'out', place: typed };
}

/** The message for a ZIP code outside the area, beside an address's ZIP field. */
export const OUTSIDE_AREA_MESSAGE = `This ZIP code is outside our ${SITE.area.radiusMiles}-mile service area. Send us a message and we will see what we can do.`;

/** Why an address's ZIP code cannot be served: not a ZIP code, or outside the area; null when it can. */
export function areaZipProblem(zip: string, list: AreaList): string | null {
  if (zipOf(zip) === null) return 'A ZIP code has five digits, e.g. 65804';
  return zipInArea(zip, list) ? null : OUTSIDE_AREA_MESSAGE;
}
