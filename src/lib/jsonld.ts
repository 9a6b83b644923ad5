/**
 * Typed builders of the JSON-LD each page type carries. Builders leave absent fields out, so a
 * page never shows `"undefined"`; `serializeJsonLd` makes the result safe inside <script>.
 */
import type { HomeAndConstructionBusiness, WithContext } from 'schema-dts';
import { SITE } from '@/site';

/** Any JSON-LD document this site emits. */
export type JsonLd = WithContext<Exclude<HomeAndConstructionBusiness, string>> | Record<string, unknown>;

/** The stable @id of the business node, so other nodes can point at it. */
export function businessId(site: URL | string): string {
  return new URL('/#business', site).href;
}

/** HomeAndConstructionBusiness for the home page: contact, hours, area served, price range. */
export function homeBusinessJsonLd(site: URL | string): WithContext<Exclude<HomeAndConstructionBusiness, string>> {
  const origin = new URL('/', site).href;
  return {
    '@context': 'https://schema.org',
    '@type': 'HomeAndConstructionBusiness',
    '@id': businessId(site),
    name: SITE.name,
    description: SITE.defaultDescription,
    url: origin,
    image: new URL('/og-default.png', site).href,
    logo: new URL('/favicon.svg', site).href,
    telephone: SITE.phone.e164,
    email: SITE.email,
    priceRange: SITE.priceRange,
    address: {
      '@type': 'PostalAddress',
      addressLocality: SITE.area.city,
      addressRegion: SITE.area.region,
      addressCountry: SITE.area.country,
    },
    areaServed: [
      {
        '@type': 'GeoCircle',
        geoMidpoint: {
          '@type': 'GeoCoordinates',
          latitude: SITE.area.geo.latitude,
          longitude: SITE.area.geo.longitude,
        },
        // schema.org geoRadius is in metres when given as a bare number.
        geoRadius: String(Math.round(SITE.area.radiusMiles * 1609.344)),
      },
      ...[SITE.area.city, ...SITE.area.towns].map((town) => ({
        '@type': 'City' as const,
        name: `${town}, ${SITE.area.region}`,
      })),
    ],
    openingHoursSpecification: SITE.hours
      .filter((row) => row.opens !== null && row.closes !== null)
      .map((row) => ({
        '@type': 'OpeningHoursSpecification' as const,
        dayOfWeek: [...row.dayOfWeek],
        opens: row.opens ?? '',
        closes: row.closes ?? '',
      })),
  };
}

/**
 * JSON for a `<script type="application/ld+json">`: `<` is escaped so no string in the data
 * can close the script element.
 */
export function serializeJsonLd(data: JsonLd): string {
  return JSON.stringify(data).replace(/</g, '\\u003c');
}
