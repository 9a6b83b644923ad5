import { describe, expect, test } from 'vitest';
import { isIndexable } from '@/lib/indexing';

describe('isIndexable', () => {
  test.each([
    ['/', true],
    ['/blog', true],
    ['/services/air-filter-replacement', true],
    ['/authors', true],
    ['/auth', false],
    ['/account', false],
    ['/account/orders', false],
    ['/payment-success', false],
    ['/webhook-test', false],
    ['/_dev/mail', false],
    ['/guides/air-filter-checklist', false],
    ['/404', false],
  ])('%s -> %s', (path, expected) => {
    expect(isIndexable(path)).toBe(expected);
  });
});
