/** The day's route (docs/product/visits.md#visits): nearest neighbour from the business. */
import { describe, expect, test } from 'vitest';
import { mapsLink, routeLink, routeOrder } from '@/features/visits/route';

const SPRINGFIELD = { latitude: 37.2089, longitude: -93.2923 };
const NIXA = { latitude: 37.0434, longitude: -93.2944 };
const OZARK = { latitude: 37.0209, longitude: -93.206 };
const REPUBLIC = { latitude: 37.12, longitude: -93.48 };
const SPRINGFIELD_SOUTH = { latitude: 37.15, longitude: -93.28 };

describe('routeOrder', () => {
  test('from the business to the closest visit, then on to the closest left', () => {
    const order = routeOrder(SPRINGFIELD, [
      { id: 'ozark', place: OZARK },
      { id: 'republic', place: REPUBLIC },
      { id: 'south', place: SPRINGFIELD_SOUTH },
      { id: 'nixa', place: NIXA },
    ]);
    expect(order).toEqual(['south', 'nixa', 'ozark', 'republic']);
  });

  test('a visit whose ZIP has no known centre goes last, in its given order', () => {
    expect(
      routeOrder(SPRINGFIELD, [
        { id: 'unknown-1', place: null },
        { id: 'nixa', place: NIXA },
        { id: 'unknown-2', place: null },
      ]),
    ).toEqual(['nixa', 'unknown-1', 'unknown-2']);
    expect(routeOrder(SPRINGFIELD, [])).toEqual([]);
  });

  test('maps links for one address and for the whole route', () => {
    expect(mapsLink('12 Elm St, Nixa, MO 65714')).toBe(
      'https://www.google.com/maps/search/?api=1&query=12%20Elm%20St%2C%20Nixa%2C%20MO%2065714',
    );
    expect(routeLink('100 Main St, Springfield, MO', ['12 Elm St, Nixa, MO'])).toBe(
      'https://www.google.com/maps/dir/100%20Main%20St%2C%20Springfield%2C%20MO/12%20Elm%20St%2C%20Nixa%2C%20MO',
    );
  });
});
