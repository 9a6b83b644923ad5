import { describe, expect, test } from 'vitest';
import { returnPath } from '@/features/auth/return-path';

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
