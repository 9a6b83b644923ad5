/**
 * The one business configuration: identity, contact details, hours, service area and the
 * marketing claims of docs/product.md#business-identity. Every page, builder and island reads these from here.
 * THIS FILE IS IMPORTED BY BROWSER CODE TOO: never put a secret in it. Shared core: Node loads it
 * directly from server/ and scripts/, so relative imports with the extension only.
 */

/** English day names, as schema.org spells them. */
export type DayName = 'Monday' | 'Tuesday' | 'Wednesday' | 'Thursday' | 'Friday' | 'Saturday' | 'Sunday';

/** A day range with its opening hours, for display and for JSON-LD. */
export interface OpeningHours {
  /** Short label shown on the page, e.g. "Mon-Fri". */
  readonly days: string;
  /** schema.org day names covered by this row. */
  readonly dayOfWeek: readonly DayName[];
  /** 24-hour opening time, or null when the business only takes emergencies that day. */
  readonly opens: string | null;
  readonly closes: string | null;
  /** Human-readable hours, e.g. "8:00 AM-6:00 PM". */
  readonly display: string;
}

export const SITE = {
  name: 'Springfield Home Maintenance',
  shortName: 'Springfield Home',
  tagline: 'Filters, vents, detectors and the small jobs that keep a home healthy, handled for you.',
  defaultDescription:
    'Air filter replacement, dryer vent cleaning, smoke detector batteries and quarterly Autopilot maintenance plans for homes around Springfield, MO.',
  phone: {
    display: '(417) 555-0142',
    href: 'tel:+14175550142',
    e164: '+14175550142',
  },
  email: 'help@springfieldhome.example',
  hours: [
    {
      days: 'Mon-Fri',
      dayOfWeek: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'],
      opens: '08:00',
      closes: '18:00',
      display: '8:00 AM-6:00 PM',
    },
    { days: 'Sat', dayOfWeek: ['Saturday'], opens: '09:00', closes: '16:00', display: '9:00 AM-4:00 PM' },
    { days: 'Sun', dayOfWeek: ['Sunday'], opens: null, closes: null, display: 'Emergency only' },
  ] satisfies readonly OpeningHours[],
  area: {
    city: 'Springfield',
    region: 'MO',
    regionName: 'Missouri',
    country: 'US',
    towns: ['Nixa', 'Ozark', 'Republic', 'Willard', 'Battlefield', 'Strafford'],
    radiusMiles: 25,
    /** Centre of the service circle (downtown Springfield), for the GeoCircle in JSON-LD. */
    geo: { latitude: 37.2089, longitude: -93.2923 },
  },
  claims: {
    families: '500+',
    filtersInstalled: '2,000+',
    rating: '5-star',
    support: '24/7',
    responseHours: 24,
    forgetFilterPercent: 87,
  },
  /** The price range shown in structured data (docs/product.md#business-identity). */
  priceRange: '$15-$500',
} as const;

/** "Springfield, MO" */
export const HOME_BASE = `${SITE.area.city}, ${SITE.area.region}`;
