/**
 * The owner's details file (docs/product/site.md#business-identity): its schema answers each wrong field
 * in words, and every example value is named, so a production build can refuse it.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { BUSINESS_FILE, businessPlaceholders, parseBusiness } from '@/business';
import { REAL_DETAILS } from '../../support/business.ts';
import { SITE } from '@/site';

const ROOT = join(import.meta.dirname, '../../..');
const repoFile = (): unknown => JSON.parse(readFileSync(join(ROOT, BUSINESS_FILE), 'utf8'));

const parsed = (data: unknown) => parseBusiness(data).problems;

describe('the details file (docs/product/site.md#business-identity)', () => {
  test('the repository file is valid and is what src/site.ts shows', () => {
    const { business, problems } = parseBusiness(repoFile());
    expect(problems).toEqual([]);
    expect(SITE.name).toBe(business?.name);
    expect(SITE.phone.display).toBe(business?.phone);
  });

  test('src/site.ts derives the dialled number and the hours shown', () => {
    expect(SITE.phone.href).toBe('tel:+14175550142');
    expect(SITE.phone.e164).toBe('+14175550142');
    expect(SITE.hours.map((row) => `${row.days} ${row.display}`)).toEqual([
      'Mon-Fri 8:00 AM-6:00 PM',
      'Sat 9:00 AM-4:00 PM',
      'Sun Emergency only',
    ]);
  });

  test('real-looking details parse and have no placeholder', () => {
    expect(parsed(REAL_DETAILS)).toEqual([]);
    expect(businessPlaceholders(REAL_DETAILS)).toEqual([]);
  });

  test('a service-area line may stand instead of a street address', () => {
    const details = {
      ...REAL_DETAILS,
      location: { serviceArea: 'We come to you: homes within 25 miles of Springfield', postalCode: '65806' },
    };
    expect(parsed(details)).toEqual([]);
    expect(businessPlaceholders(details)).toEqual([]);
  });

  test('each wrong field is answered in words, with its place in the file', () => {
    expect(parsed({ ...REAL_DETAILS, phone: '866-2300' })).toEqual([
      'content/business.json, phone: Please enter a 10-digit phone number, e.g. (417) 555-0142',
    ]);
    expect(parsed({ ...REAL_DETAILS, email: 'hello' })).toEqual([
      'content/business.json, email: must be an e-mail address',
    ]);
    expect(parsed({ ...REAL_DETAILS, location: { postalCode: '65804' } })).toEqual([
      'content/business.json, location: give either "street" and "postalCode", or "serviceArea" and "postalCode"',
    ]);
    expect(parsed({ ...REAL_DETAILS, coordinates: { latitude: 37.17904, longitude: '-93.27612' } })).toEqual([
      expect.stringMatching(/^content\/business\.json, coordinates\.latitude: /),
    ]);
    expect(parsed({ ...REAL_DETAILS, reviewLink: 'http://g.page/r/x/review' })).toEqual([
      'content/business.json, reviewLink: must be an https:// address, or null until you have one',
    ]);
    expect(
      parsed({ ...REAL_DETAILS, hours: [{ days: 'Sun', dayOfWeek: ['Sunday'], opens: null, closes: null }] }),
    ).toEqual(['content/business.json, hours.0: a day without hours needs "closed", e.g. "Emergency only"']);
    expect(
      parsed({ ...REAL_DETAILS, hours: [{ days: 'Sat', dayOfWeek: ['Samedi'], opens: '9:00', closes: '16:00' }] }),
    ).toEqual([
      'content/business.json, hours.0.dayOfWeek.0: must be English day names, e.g. "Monday"',
      'content/business.json, hours.0.opens: must be a 24-hour time, e.g. "08:00", or null',
    ]);
  });
});

describe('placeholders in the details (each named)', () => {
  test('the repository file names every example it still holds', () => {
    const { business } = parseBusiness(repoFile());
    expect(business && businessPlaceholders(business)).toEqual([
      'phone (417) 555-0142 is in the fictional 555-01xx range',
      'email help@springfieldhome.example is at an example domain',
      'location.street "100 Example Street" is an example street address',
      'coordinates 37.2089, -93.2923 have fewer than 5 decimals (the spot, to about a metre)',
      'googleBusinessProfile is not set (the Google Business Profile link)',
      'reviewLink is not set (where customers leave a review)',
      'figures are not confirmed (check each marketing figure against your records, then set "confirmed": true)',
    ]);
  });

  test.each([
    ['phone', { phone: '+1 417-555-0199' }, /fictional 555-01xx/],
    ['phone with a leading 1', { phone: '1 (417) 555 0100' }, /fictional 555-01xx/],
    ['email at example.com', { email: 'owner@example.com' }, /example domain/],
    ['email at a .test domain', { email: 'owner@shop.test' }, /example domain/],
    ['street', { location: { street: '12 Example Rd', postalCode: '65804' } }, /example street address/],
    ['latitude', { coordinates: { latitude: '37.1790', longitude: '-93.27612' } }, /fewer than 5 decimals/],
    ['longitude', { coordinates: { latitude: '37.17904', longitude: '-93.2' } }, /fewer than 5 decimals/],
    ['profile link', { googleBusinessProfile: null }, /googleBusinessProfile is not set/],
    ['review link', { reviewLink: null }, /reviewLink is not set/],
    ['figures', { figures: { ...REAL_DETAILS.figures, confirmed: false } }, /figures are not confirmed/],
  ])('%s', (_, change, named) => {
    const found = businessPlaceholders({ ...REAL_DETAILS, ...change });
    expect(found).toEqual([expect.stringMatching(named)]);
  });

  test('a 555 number outside the fictional range is a real one', () => {
    expect(businessPlaceholders({ ...REAL_DETAILS, phone: '(417) 555-2300' })).toEqual([]);
  });
});
