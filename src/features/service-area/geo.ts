/**
 * Distances on the globe (docs/product/site.md#service-area-check): the service area's radius check and the
 * owner's route order both measure with them. Framework-free, and apart from area.ts so the
 * owner's desk can use them without the booking forms' files. Shared core: no imports.
 */

/** A point on the globe, in degrees. */
export interface GeoPoint {
  latitude: number;
  longitude: number;
}

/** The Earth's mean radius in miles (IUGG), for great-circle distances. */
export const EARTH_RADIUS_MILES = 3958.8;

/** The great-circle distance between two points in miles (the haversine formula). */
export function greatCircleMiles(a: GeoPoint, b: GeoPoint): number {
  const rad = (deg: number) => (deg * Math.PI) / 180;
  const dLat = rad(b.latitude - a.latitude);
  const dLon = rad(b.longitude - a.longitude);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.latitude)) * Math.cos(rad(b.latitude)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.min(1, Math.sqrt(h)));
}
