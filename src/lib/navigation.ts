import { normalizePath } from './paths.ts';

/**
 * Site navigation: header anchors and the blog menu. Labels are menu copy, paths are routes; the
 * Blog menu's articles come from the blog collection (features/blog/posts.ts).
 */

/** Sections of the home page the header links to. */
export const HOME_SECTIONS = [
  { id: 'services', label: 'Services' },
  { id: 'autopilot', label: 'Autopilot Plans' },
  { id: 'contact', label: 'Contact' },
] as const;

/**
 * The href of a home-page section: a bare fragment on the home page itself, and `/#id` from
 * any other page so the link leads back home (docs/product/site.md#header-and-navigation).
 */
export function sectionHref(id: string, currentPath: string): string {
  return normalizePath(currentPath) === '/' ? `#${id}` : `/#${id}`;
}

/** One link of a menu. */
export interface NavLink {
  readonly href: string;
  readonly label: string;
}

/** A titled group of links: a dropdown in the wide header, a headed list in the phone menu. */
export interface NavMenu {
  /** The id of the list, which its dropdown button controls. */
  readonly id: string;
  readonly label: string;
  readonly links: readonly NavLink[];
  /** The link that closes the list, set apart: the index of everything the list samples. */
  readonly all: NavLink;
}

/** An entry of the header's menu. */
export type HeaderEntry = { readonly link: NavLink } | { readonly menu: NavMenu };

/** The Blog menu: the articles it names, then every article. */
export function blogNav(articles: readonly NavLink[]): NavMenu {
  return { id: 'blog-menu', label: 'Blog', links: articles, all: { href: '/blog', label: 'View All Articles' } };
}

/** The services hub, where the header's 'Services' leads from every page. */
export const SERVICES_HUB: NavLink = { href: '/services', label: 'Services' };

/**
 * The header's menu on a page, in the order the wide header shows it
 * (docs/product/site.md#header-and-navigation): 'Services' to the services hub, the plans' section
 * anchor, the Blog menu (`articles`), then the Contact anchor. Both the wide and the phone menu
 * draw it.
 */
export function headerMenu(currentPath: string, articles: readonly NavLink[]): readonly HeaderEntry[] {
  const section = (s: (typeof HOME_SECTIONS)[number]) => ({
    link: { href: sectionHref(s.id, currentPath), label: s.label },
  });
  const [, autopilot, contact] = HOME_SECTIONS;
  return [{ link: SERVICES_HUB }, section(autopilot), { menu: blogNav(articles) }, section(contact)];
}

/** `aria-current` for a link to `href` on the page at `currentPath`: 'page' when they are the same. */
export function ariaCurrent(href: string, currentPath: string): 'page' | undefined {
  return href === normalizePath(currentPath) ? 'page' : undefined;
}
