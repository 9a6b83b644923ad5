import { describe, expect, test } from 'vitest';
import {
  areaZipProblem,
  checkArea,
  greatCircleMiles,
  OUTSIDE_AREA_MESSAGE,
  townIn,
  zipInArea,
  zipOf,
} from '@/features/service-area/area';

const AREA = { zips: { '65804': 'Springfield', '65714': 'Nixa' }, towns: ['Battlefield', 'Nixa', 'Springfield'] };

describe('great-circle distance', () => {
  test('Springfield to Kansas City is about 149 miles; a point to itself is 0', () => {
    const springfield = { latitude: 37.2089, longitude: -93.2923 };
    const kansasCity = { latitude: 39.1024, longitude: -94.5986 };
    expect(greatCircleMiles(springfield, kansasCity)).toBeCloseTo(148.8, 0);
    expect(greatCircleMiles(springfield, springfield)).toBe(0);
  });
  test('one degree of latitude is about 69 miles', () => {
    expect(greatCircleMiles({ latitude: 0, longitude: 0 }, { latitude: 1, longitude: 0 })).toBeCloseTo(69.09, 1);
  });
});

describe('the area check', () => {
  test('a ZIP code inside answers its town; one outside answers out', () => {
    expect(checkArea('65804', AREA)).toEqual({ kind: 'in', town: 'Springfield', zip: '65804' });
    expect(checkArea(' 65714-1234 ', AREA)).toEqual({ kind: 'in', town: 'Nixa', zip: '65714' });
    expect(checkArea('64101', AREA)).toEqual({ kind: 'out', place: '64101' });
  });
  test('a town is matched loosely; an unknown one is out', () => {
    expect(checkArea('nixa', AREA)).toEqual({ kind: 'in', town: 'Nixa', zip: null });
    expect(checkArea('Nixa, MO', AREA)).toEqual({ kind: 'in', town: 'Nixa', zip: null });
    expect(checkArea('  battlefield  missouri', AREA)).toEqual({ kind: 'in', town: 'Battlefield', zip: null });
    expect(checkArea('Kansas City', AREA)).toEqual({ kind: 'out', place: 'Kansas City' });
    expect(townIn('', AREA)).toBeNull();
  });
  test('nothing typed, or digits that are not a ZIP code, get a message', () => {
    expect(checkArea('  ', AREA)).toEqual({ kind: 'invalid', message: 'Please enter a ZIP code or a town' });
    expect(checkArea('6580', AREA)).toEqual({ kind: 'invalid', message: 'A ZIP code has five digits, e.g. 65804' });
  });
  test('a ZIP field is checked the same way on the server', () => {
    expect(zipOf('65804')).toBe('65804');
    expect(zipOf('hasOwnProperty')).toBeNull();
    expect(zipInArea('65804', AREA)).toBe(true);
    expect(zipInArea('64101', AREA)).toBe(false);
    expect(areaZipProblem('65714', AREA)).toBeNull();
    expect(areaZipProblem('64101', AREA)).toBe(OUTSIDE_AREA_MESSAGE);
    expect(areaZipProblem('abc', AREA)).toBe('A ZIP code has five digits, e.g. 65804');
  });
});
