import { describe, expect, test } from 'vitest';
import { isIndexable } from '@/lib/indexing';
import { normalizePath } from '@/lib/paths';
import { sectionHref } from '@/lib/navigation';
import { cacheControlFor, canonicalRedirect } from '../../server/static.ts';

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

describe('sectionHref', () => {
  test('bare fragment on the home page, rooted elsewhere', () => {
    expect(sectionHref('services', '/')).toBe('#services');
    expect(sectionHref('contact', '/blog')).toBe('/#contact');
  });
});

describe('canonicalRedirect', () => {
  test.each([
    ['/', null],
    ['/blog', null],
    ['/blog/', '/blog'],
    ['/blog.html', '/blog'],
    ['/index.html', '/'],
    ['/blog/index.html', '/blog'],
    ['//evil.example/', '/evil.example'],
    ['///x', '/x'],
  ])('%s -> %s', (path, expected) => {
    expect(canonicalRedirect(path)).toBe(expected);
  });
});

describe('cacheControlFor', () => {
  test.each([
    ['/_astro/client.abc123.js', 'public, max-age=31536000, immutable'],
    ['/', 'no-cache'],
    ['/blog', 'no-cache'],
    ['/favicon.svg', 'public, max-age=86400'],
    ['/sitemap-index.xml', 'public, max-age=3600'],
  ])('%s -> %s', (path, expected) => {
    expect(cacheControlFor(path)).toBe(expected);
  });
});

describe('normalizePath', () => {
  test.each([
    ['/', '/'],
    ['/index', '/'],
    ['/index.html', '/'],
    ['/blog/', '/blog'],
    ['/blog.html', '/blog'],
    ['/blog/index.html', '/blog'],
    ['//evil.example/', '/evil.example'],
  ])('%s -> %s', (path, expected) => {
    expect(normalizePath(path)).toBe(expected);
  });
});
