import { describe, expect, test } from 'vitest';
import zipcodes from 'zipcodes';
import { checkArea, greatCircleMiles } from '@/features/service-area/area';
import { serviceAreaList } from '@/features/service-area/area-list.server';
import { SITE } from '@/site';

describe('the service area computed from the ZIP database', () => {
  const list = serviceAreaList();

  test('Springfield and every town of the specification are in', () => {
    for (const town of [SITE.area.city, ...SITE.area.towns]) {
      expect(checkArea(town, list), town).toMatchObject({ kind: 'in', town });
    }
    expect(checkArea('65804', list)).toEqual({ kind: 'in', town: 'Springfield', zip: '65804' });
  });

  test('Kansas City (64101) is out, and so is every ZIP code past 25 miles', () => {
    expect(checkArea('64101', list)).toEqual({ kind: 'out', place: '64101' });
    for (const zip of Object.keys(list.zips)) {
      const place = zipcodes.lookup(zip);
      expect(place && greatCircleMiles(SITE.area.geo, place), zip).toBeLessThanOrEqual(SITE.area.radiusMiles);
    }
  });

  test('every US ZIP code within 25 miles is in (none is left out)', () => {
    const within = Object.values(zipcodes.codes).filter(
      (place) => place.country === 'US' && greatCircleMiles(SITE.area.geo, place) <= SITE.area.radiusMiles,
    );
    expect(Object.keys(list.zips).sort()).toEqual(within.map((place) => place.zip).sort());
  });

  test('the list the browser gets is small', () => {
    expect(JSON.stringify(list).length).toBeLessThan(4096);
  });
});
