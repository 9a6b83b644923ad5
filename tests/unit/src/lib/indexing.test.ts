import { describe, expect, test } from 'vitest';
import { isIndexable, PRIVATE_PATH_PREFIXES, ROBOTS_DISALLOWED } from '@/lib/indexing';

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
    ['/visit', false],
    ['/pay', false],
    ['/webhook-test', false],
    ['/owner', false],
    ['/owners-guide', true],
    ['/_dev/mail', false],
    ['/guides/air-filter-checklist', false],
    ['/downloads/air-filter-checklist.pdf', false],
    ['/about', true],
    ['/404', false],
  ])('%s -> %s', (path, expected) => {
    expect(isIndexable(path)).toBe(expected);
  });
});

describe('robots.txt rules (docs/product/site.md#page-metadata)', () => {
  test('pages that say noindex are not blocked, so crawlers can read the noindex', () => {
    for (const path of ['/auth', '/account', '/payment-success', '/webhook-test', '/owner', '/guides']) {
      expect(ROBOTS_DISALLOWED as readonly string[]).not.toContain(path);
      expect(PRIVATE_PATH_PREFIXES as readonly string[]).toContain(path);
    }
  });

  test('only what is not a page is blocked: the functions, the embedded tools and the PDFs', () => {
    expect([...ROBOTS_DISALLOWED]).toEqual(['/api', '/_dev', '/downloads']);
  });
});
