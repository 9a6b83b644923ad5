import { describe, expect, test } from 'vitest';
import { isIndexable } from '@/lib/indexing';
import { normalizePath } from '@/lib/paths';
import { ariaCurrent, headerMenu, sectionHref } from '@/lib/navigation';
import { cacheControlFor, canonicalRedirect } from '../../../../server/static.ts';

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

describe('headerMenu', () => {
  test('Services, Autopilot Plans, the Blog menu, then Contact (SPEC §2 Header)', () => {
    const menu = headerMenu('/blog');
    expect(menu.map((entry) => ('link' in entry ? entry.link.label : entry.menu.label))).toEqual([
      'Services',
      'Autopilot Plans',
      'Blog',
      'Contact',
    ]);
    expect(menu[0]).toEqual({ link: { href: '/#services', label: 'Services' } });
    expect(headerMenu('/')[3]).toEqual({ link: { href: '#contact', label: 'Contact' } });
    const blog = menu[2];
    if (!blog || !('menu' in blog)) throw new Error('expected the Blog menu third');
    expect(blog.menu.links).toHaveLength(5);
    expect(blog.menu.all).toEqual({ href: '/blog', label: 'View All Articles' });
  });

  test('ariaCurrent marks only the link to the page shown', () => {
    expect(ariaCurrent('/blog', '/blog/')).toBe('page');
    expect(ariaCurrent('/blog', '/blog/air-filter-types-guide')).toBeUndefined();
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
