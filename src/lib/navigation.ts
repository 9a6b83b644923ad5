import { normalizePath } from './paths.ts';

/** Site navigation: header anchors and the blog menu. Labels are menu copy, paths are routes. */

/** Sections of the home page the header links to. */
export const HOME_SECTIONS = [
  { id: 'services', label: 'Services' },
  { id: 'autopilot', label: 'Autopilot Plans' },
  { id: 'contact', label: 'Contact' },
] as const;

/** The five articles of the Blog menu, in the order of SPEC §2. */
export const BLOG_MENU = [
  { href: '/blog/air-filter-replacement-guide', label: 'Air Filter Replacement Guide' },
  { href: '/blog/how-to-change-air-filter', label: 'How to Change an Air Filter' },
  { href: '/blog/hidden-costs-neglecting-air-filter', label: 'Hidden Costs of a Neglected Filter' },
  { href: '/blog/diy-vs-professional-air-filter', label: 'DIY vs Professional Service' },
  { href: '/blog/air-filter-types-guide', label: 'Air Filter Types Guide' },
] as const;

/**
 * The href of a home-page section: a bare fragment on the home page itself, and `/#id` from
 * any other page so the link leads back home (SPEC §2 Header).
 */
export function sectionHref(id: string, currentPath: string): string {
  return normalizePath(currentPath) === '/' ? `#${id}` : `/#${id}`;
}
