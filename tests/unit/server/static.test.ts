import { describe, expect, test } from 'vitest';
import { cacheControlFor, canonicalRedirect, isServableRange } from '../../../server/static.ts';

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

describe('isServableRange (sirv threw on bytes=5-1 and took the server down)', () => {
  test.each([
    ['bytes=0-10', true],
    ['bytes=5-', true],
    ['bytes=7-7', true],
    ['bytes=5-1', false],
    ['bytes=-1', false],
    ['bytes=0-1,5-6', false],
    ['bytes=abc', false],
    ['items=0-1', false],
    ['bytes=99999999999999999999-', false],
  ])('%s -> %s', (range, servable) => {
    expect(isServableRange(range)).toBe(servable);
  });
});
