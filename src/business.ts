/**
 * The owner's details file, content/business.json (docs/product/site.md#business-identity): its schema,
 * with a message in words for each wrong field, and the values in it that are still examples.
 * src/site.ts reads the file; the build checks it with `parseBusiness` and, for a production build,
 * refuses every placeholder `businessPlaceholders` names (src/integrations/production-build.ts).
 * Only the build and the tests run the schema, so zod stays out of the browser's scripts.
 * Shared core: Node loads it from the build, so relative imports with the extension only.
 */
import * as z from 'zod/mini';
import { phoneDigits } from './lib/format.ts';
import { isPhone, PHONE_MESSAGE } from './lib/validation.ts';

/** English day names, as schema.org spells them. */
export const DAY_NAMES = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;
export type DayName = (typeof DAY_NAMES)[number];

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
/** A coordinate written as text, so its decimals are counted as the owner typed them. */
const COORDINATE = /^-?\d{1,3}\.\d+$/;

const text = (what: string) => z.string().check(z.minLength(1, `Please give ${what}`));
const link = z.nullable(
  z.url({ protocol: /^https$/, error: 'must be an https:// address, or null until you have one' }),
);

const hoursRow = z
  .object({
    /** Short label shown on the page, e.g. "Mon-Fri". */
    days: text('the days, e.g. "Mon-Fri"'),
    dayOfWeek: z.array(z.enum(DAY_NAMES, 'must be English day names, e.g. "Monday"')).check(z.minLength(1)),
    opens: z.nullable(z.string().check(z.regex(TIME, 'must be a 24-hour time, e.g. "08:00", or null'))),
    closes: z.nullable(z.string().check(z.regex(TIME, 'must be a 24-hour time, e.g. "18:00", or null'))),
    /** What a day without hours says instead, e.g. "Emergency only". */
    closed: z.optional(text('what a day without hours says, e.g. "Emergency only"')),
  })
  .check(
    z.refine((row) => (row.opens === null) === (row.closes === null), 'opens and closes are both times or both null'),
    z.refine(
      (row) => row.opens !== null || row.closed !== undefined,
      'a day without hours needs "closed", e.g. "Emergency only"',
    ),
  );

export const businessSchema = z.object({
  $comment: z.optional(z.string()),
  name: text('the business name'),
  /** The name where the full one does not fit (titles, small screens). */
  shortName: text('a short name'),
  phone: z.string().check(z.refine(isPhone, PHONE_MESSAGE)),
  email: z.email('must be an e-mail address'),
  /** A street address, or a service-area line for a business that only comes to its customers. */
  location: z.union(
    [
      z.object({
        street: text('the street address'),
        postalCode: z.string().check(z.regex(/^\d{5}$/, 'must be a 5-digit ZIP code')),
      }),
      z.object({
        serviceArea: text('the service-area line, e.g. "We come to you: homes within 25 miles of Springfield"'),
        postalCode: z.string().check(z.regex(/^\d{5}$/, 'must be a 5-digit ZIP code')),
      }),
    ],
    { error: 'give either "street" and "postalCode", or "serviceArea" and "postalCode"' },
  ),
  /** Where the business is (or its base), written as text with 5 decimals, about a metre. */
  coordinates: z.object({
    latitude: z.string().check(z.regex(COORDINATE, 'must be a number written as text, e.g. "37.20893"')),
    longitude: z.string().check(z.regex(COORDINATE, 'must be a number written as text, e.g. "-93.29231"')),
  }),
  hours: z.array(hoursRow).check(z.minLength(1, 'Please give the opening hours')),
  googleBusinessProfile: link,
  reviewLink: link,
  /** The marketing figures; `confirmed` says the owner has checked each against the records. */
  figures: z.object({
    confirmed: z.boolean(),
    families: text('the families served, e.g. "500+"'),
    filtersInstalled: text('the filters installed, e.g. "2,000+"'),
    rating: text('the rating, e.g. "5-star"'),
    support: text('the support promise, e.g. "24/7"'),
    responseHours: z.number().check(z.int(), z.positive()),
    forgetFilterPercent: z.number().check(z.int(), z.minimum(0), z.maximum(100)),
  }),
});

/** The details file as the site reads it. */
export type Business = z.infer<typeof businessSchema>;

/** The repository path of the details file. */
export const BUSINESS_FILE = 'content/business.json';

/** The file's data, or the list of what is wrong with it, one line per field in words. */
export function parseBusiness(
  data: unknown,
): { business: Business; problems: [] } | { business: null; problems: string[] } {
  const result = businessSchema.safeParse(data);
  if (result.success) return { business: result.data, problems: [] };
  return {
    business: null,
    problems: result.error.issues.map((issue) => {
      const where = issue.path.length > 0 ? issue.path.join('.') : 'the file';
      return `${BUSINESS_FILE}, ${where}: ${issue.message}`;
    }),
  };
}

/** Domains reserved for examples and tests (RFC 2606, RFC 6761): no mail is ever delivered there. */
const EXAMPLE_DOMAIN = /(^|\.)(example|test|invalid|localhost)$|(^|\.)example\.(com|net|org)$/i;

/** Decimals of a coordinate written as text. */
const decimals = (value: string) => value.split('.')[1]?.length ?? 0;

/**
 * The values of `business` that are still examples, each in words: a launch must replace every one
 * (docs/product/site.md#business-identity). Pure, so each rule has its unit test.
 */
export function businessPlaceholders(business: Business): string[] {
  const found: string[] = [];
  const digits = phoneDigits(business.phone);
  // 555-0100 to 555-0199 is the range set aside for fiction: it never rings anyone.
  if (/^\d{3}55501\d\d$/.test(digits)) found.push(`phone ${business.phone} is in the fictional 555-01xx range`);
  const domain = business.email.split('@')[1] ?? '';
  if (EXAMPLE_DOMAIN.test(domain)) found.push(`email ${business.email} is at an example domain`);
  if ('street' in business.location && /\bexample\b/i.test(business.location.street)) {
    found.push(`location.street "${business.location.street}" is an example street address`);
  }
  const { latitude, longitude } = business.coordinates;
  if (decimals(latitude) < 5 || decimals(longitude) < 5) {
    found.push(`coordinates ${latitude}, ${longitude} have fewer than 5 decimals (the spot, to about a metre)`);
  }
  if (business.googleBusinessProfile === null)
    found.push('googleBusinessProfile is not set (the Google Business Profile link)');
  if (business.reviewLink === null) found.push('reviewLink is not set (where customers leave a review)');
  if (!business.figures.confirmed) {
    found.push(
      'figures are not confirmed (check each marketing figure against your records, then set "confirmed": true)',
    );
  }
  return found;
}
