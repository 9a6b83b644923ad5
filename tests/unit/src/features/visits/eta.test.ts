/** The minutes 'On my way' suggests (docs/product/texts.md#on-my-way), between real Springfield-area ZIP centres. */
import { describe, expect, test } from 'vitest';
import { zipCentre } from '@/features/service-area/area-list.server';
import { etaMinutes, routeEtas } from '@/features/visits/eta';
import { routeOrder } from '@/features/visits/route';
import { SITE } from '@/site';

const place = (zip: string) => {
  const centre = zipCentre(zip);
  if (!centre) throw new Error(`no centre for ${zip}`);
  return centre;
};
const BUSINESS = SITE.address.geo;
const SPRINGFIELD = place('65804');
const OZARK = place('65721');
const NIXA = place('65714');

describe('etaMinutes: straight-line miles x 1.3 at 30 mph, + 5, rounded up to 5, at least 10', () => {
  test.each([
    // 3.73 miles: 3.73 x 1.3 x 2 + 5 = 14.7 -> 15
    ['the business to 65804', BUSINESS, SPRINGFIELD, 15],
    // 10.62 miles: 32.6 -> 35
    ['65804 to Ozark 65721', SPRINGFIELD, OZARK, 35],
    // 8.27 miles: 26.5 -> 30
    ['65804 to Nixa 65714', SPRINGFIELD, NIXA, 30],
    // 5.75 miles: 19.95 -> 20
    ['Ozark 65721 to Nixa 65714', OZARK, NIXA, 20],
    // 14.17 miles: 41.8 -> 45
    ['the business to Ozark 65721', BUSINESS, OZARK, 45],
  ])('%s: %i minutes', (_name, from, to, minutes) => {
    expect(etaMinutes(from, to)).toBe(minutes);
    // The same drive back.
    expect(etaMinutes(to, from)).toBe(minutes);
  });

  test('the same ZIP: 5 minutes, raised to the least, 10', () => {
    expect(etaMinutes(NIXA, NIXA)).toBe(10);
  });

  test('20 when either place has no known centre', () => {
    expect(zipCentre('00000')).toBeNull();
    expect(etaMinutes(null, NIXA)).toBe(20);
    expect(etaMinutes(SPRINGFIELD, null)).toBe(20);
    expect(etaMinutes(null, null)).toBe(20);
  });
});

describe("routeEtas: each stop's minutes from the stop before it in the day's route", () => {
  test('the first from the business, then each from the one before, in route order', () => {
    const stops = [
      { id: 'ozark', place: OZARK },
      { id: 'springfield', place: SPRINGFIELD },
      { id: 'nixa', place: NIXA },
    ];
    const order = routeOrder(BUSINESS, stops);
    expect(order).toEqual(['springfield', 'nixa', 'ozark']);
    const route = order.map((id) => stops.find((stop) => stop.id === id)!);
    expect([...routeEtas(BUSINESS, route)]).toEqual([
      ['springfield', 15],
      ['nixa', 30],
      ['ozark', 20],
    ]);
  });

  test('a stop with no known centre, and the stop after it, are given 20', () => {
    const etas = routeEtas(BUSINESS, [
      { id: 'springfield', place: SPRINGFIELD },
      { id: 'unknown', place: null },
      { id: 'nixa', place: NIXA },
    ]);
    expect(Object.fromEntries(etas)).toEqual({ springfield: 15, unknown: 20, nixa: 20 });
  });
});
