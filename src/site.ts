/**
 * The one business configuration: identity, contact details, hours, service area and the
 * marketing claims of docs/product/site.md#business-identity. The owner's details come from
 * content/business.json (checked by src/business.ts at build time); every page, builder and island
 * reads them from here.
 * THIS FILE IS IMPORTED BY BROWSER CODE TOO: never put a secret in it. Shared core: Node loads it
 * directly from server/ and scripts/, so relative imports with the extension only.
 */
import details from '../content/business.json' with { type: 'json' };
import type { Business, DayName } from './business.ts';
import { phoneDigits } from './lib/format.ts';

export type { DayName };

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

/**
 * The owner's file, as the build has checked it against its schema (src/business.ts): the type
 * comes from the schema, so the browser's scripts carry the details and not the schema.
 */
const business = details as Business;

/** "08:00" as "8:00 AM". */
function clock(time: string): string {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  return `${hours % 12 || 12}:${String(minutes).padStart(2, '0')} ${hours < 12 ? 'AM' : 'PM'}`;
}

const digits = phoneDigits(business.phone);
const location = business.location;

/**
 * Where a claim comes from (docs/product/site.md#business-identity): a published source with its address,
 * or the business's own count or promise. `testimonial` names the entry of the testimonials
 * collection that backs it (the rating), which shows as an example while it is a placeholder.
 */
export interface ClaimSource {
  readonly label: string;
  readonly url?: string;
  /** The business's own figure or promise, not a study or a review site. */
  readonly own: boolean;
  readonly testimonial?: string;
}

export const SITE = {
  name: business.name,
  shortName: business.shortName,
  tagline: 'Filters, vents, detectors and the small jobs that keep a home healthy, handled for you.',
  defaultDescription:
    'Air filter replacement, dryer vent cleaning, smoke detector batteries and quarterly Autopilot maintenance plans for homes around Springfield, MO.',
  phone: {
    display: business.phone,
    href: `tel:+1${digits}`,
    e164: `+1${digits}`,
  },
  email: business.email,
  hours: business.hours.map((row): OpeningHours => ({
    days: row.days,
    dayOfWeek: row.dayOfWeek,
    opens: row.opens,
    closes: row.closes,
    display: row.opens && row.closes ? `${clock(row.opens)}-${clock(row.closes)}` : (row.closed ?? ''),
  })),
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
  /**
   * Where the business is, for the LocalBusiness structured data and the About page: a street
   * address, or (`serviceArea`) the line of a business that comes to its customers.
   */
  address: {
    street: 'street' in location ? location.street : undefined,
    serviceArea: 'serviceArea' in location ? location.serviceArea : undefined,
    postalCode: location.postalCode,
    geo: { latitude: Number(business.coordinates.latitude), longitude: Number(business.coordinates.longitude) },
  },
  /** The Google Business Profile and the page where customers leave a review, once the owner has them. */
  googleBusinessProfile: business.googleBusinessProfile ?? undefined,
  reviewLink: business.reviewLink ?? undefined,
  claims: {
    families: business.figures.families,
    filtersInstalled: business.figures.filtersInstalled,
    rating: business.figures.rating,
    support: business.figures.support,
    responseHours: business.figures.responseHours,
    forgetFilterPercent: business.figures.forgetFilterPercent,
  },
  /** The price range shown in structured data (docs/product/site.md#business-identity). */
  priceRange: '$15-$500',
} as const;

/**
 * Where each claim comes from; pages that show a claim show its source beside it or on /about.
 * Apart from SITE, like STORY: what only the server writes into pages stays out of the details
 * the browser's scripts carry.
 */
export const CLAIM_SOURCES = {
  families: { label: 'our own customer records', own: true },
  filtersInstalled: { label: 'our own job records', own: true },
  rating: { label: 'customer reviews', own: false, testimonial: 'rating' },
  support: { label: 'our own promise: an emergency line that is answered day and night', own: true },
  responseHours: { label: 'our own promise for every call, message and form', own: true },
  forgetFilterPercent: { label: 'our own count of the homes we visit for the first time', own: true },
} as const satisfies Record<keyof typeof SITE.claims, ClaimSource>;

/**
 * The story of the About page and the author line of the articles. `author.person` stays unset
 * until the owner names the person who writes and checks the articles; the business signs them.
 */
export const STORY = {
  author: {
    name: 'The Springfield Home Maintenance team',
    person: undefined as string | undefined,
    role: 'home-maintenance technicians serving the Springfield area',
  },
  intro:
    'We are a small home-maintenance business in Springfield, Missouri. We look after the jobs every home needs and few people enjoy: furnace filters, dryer vents, smoke detector batteries, fridge filters, softener salt and the light bulb over the stairs.',
  paragraphs: [
    'Most of these jobs take minutes. The trouble is remembering them, reaching them and having the right part on hand. So we bring the part, do the job, tell you what we saw and put the next date on the calendar, once or every quarter with an Autopilot plan.',
    'We price the jobs we book online up front: the booking card shows what you pay before you pay it, and ranges elsewhere on the site say what they cover. Our plans have no contract.',
    'Our articles are written and checked by the people who do the work. When we quote a figure from the Department of Energy, the EPA, the NFPA, the U.S. Fire Administration or ASHRAE, we link to the page it comes from; when a figure is our own, we say so.',
  ],
  /** When the About page last changed, for the sitemap. */
  updated: '2026-11-25',
} as const;

/** The claims a page can show, by key. */
export type ClaimKey = keyof typeof SITE.claims;

/** "87% of homeowners we meet had forgotten ...": the one wording of that claim, with its source. */
export const FORGET_FILTER_CLAIM = `${SITE.claims.forgetFilterPercent}% of the homeowners we meet had forgotten to change their air filter (${CLAIM_SOURCES.forgetFilterPercent.label})`;

/** "Springfield, MO" */
export const HOME_BASE = `${SITE.area.city}, ${SITE.area.region}`;
