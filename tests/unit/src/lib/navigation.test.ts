import { describe, expect, test } from 'vitest';
import { ariaCurrent, headerMenu, sectionHref } from '@/lib/navigation';

describe('sectionHref', () => {
  test('bare fragment on the home page, rooted elsewhere', () => {
    expect(sectionHref('services', '/')).toBe('#services');
    expect(sectionHref('contact', '/blog')).toBe('/#contact');
  });
});

/** The Blog menu's articles, as the blog collection lists them (features/blog/posts.ts). */
const ARTICLES = [
  { href: '/blog/air-filter-replacement-guide', label: 'Air Filter Replacement Guide' },
  { href: '/blog/how-to-change-air-filter', label: 'How to Change an Air Filter' },
  { href: '/blog/hidden-costs-neglecting-air-filter', label: 'Hidden Costs of a Neglected Filter' },
  { href: '/blog/diy-vs-professional-air-filter', label: 'DIY vs Professional Service' },
  { href: '/blog/air-filter-types-guide', label: 'Air Filter Types Guide' },
];

describe('headerMenu', () => {
  test('Services, Autopilot Plans, the Blog menu, then Contact (docs/product/site.md#header-and-navigation)', () => {
    const menu = headerMenu('/blog', ARTICLES);
    expect(menu.map((entry) => ('link' in entry ? entry.link.label : entry.menu.label))).toEqual([
      'Services',
      'Autopilot Plans',
      'Blog',
      'Contact',
    ]);
    // 'Services' leads to the services hub from every page, the home page too.
    expect(menu[0]).toEqual({ link: { href: '/services', label: 'Services' } });
    expect(headerMenu('/', ARTICLES)[0]).toEqual({ link: { href: '/services', label: 'Services' } });
    expect(menu[1]).toEqual({ link: { href: '/#autopilot', label: 'Autopilot Plans' } });
    expect(headerMenu('/', ARTICLES)[3]).toEqual({ link: { href: '#contact', label: 'Contact' } });
    const blog = menu[2];
    if (!blog || !('menu' in blog)) throw new Error('expected the Blog menu third');
    expect(blog.menu.links).toEqual(ARTICLES);
    expect(blog.menu.all).toEqual({ href: '/blog', label: 'View All Articles' });
  });

  test('ariaCurrent marks only the link to the page shown', () => {
    expect(ariaCurrent('/blog', '/blog/')).toBe('page');
    expect(ariaCurrent('/blog', '/blog/air-filter-types-guide')).toBeUndefined();
  });
});
