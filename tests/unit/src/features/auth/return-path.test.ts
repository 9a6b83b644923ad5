import { describe, expect, test } from 'vitest';
import { returnPath, signInReturningTo } from '@/features/auth/return-path';

describe('where sign-in goes back to', () => {
  test('a path of this site', () => {
    expect(returnPath('?return=%2Fservices%2Fair-filter-replacement%23booking')).toBe(
      '/services/air-filter-replacement#booking',
    );
  });
  test('never another site, and nothing when absent', () => {
    for (const search of [
      '',
      '?return=',
      '?return=https://evil.example',
      '?return=//evil.example',
      '?return=/\\evil.example',
      '?return=%2F%2Fevil',
    ]) {
      expect(returnPath(search), search).toBeNull();
    }
  });
});

describe('signInReturningTo (docs/product/accounts.md#session-checks)', () => {
  test('signs in and comes back to the same page and fragment', () => {
    const path = signInReturningTo('/services/dryer-vent-cleaning#booking');
    expect(path).toBe('/auth?return=%2Fservices%2Fdryer-vent-cleaning%23booking');
    expect(returnPath(new URL(path, 'https://site.example').search)).toBe('/services/dryer-vent-cleaning#booking');
  });
});
