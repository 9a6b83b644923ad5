/** The pages of the site, grouped by the issue that delivers them, for sweeps over every page. */
import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';

/** The built site the e2e tests are served. */
export const DIST = join(import.meta.dirname, '../../dist');

/** Every built page and the path it is served at (the not-found page at an unknown path). */
export const BUILT_PAGES = readdirSync(DIST, { recursive: true, withFileTypes: true })
  .filter((entry) => entry.isFile() && entry.name.endsWith('.html'))
  .map((entry) => {
    const file = relative(DIST, join(entry.parentPath, entry.name));
    const path = `/${file.replace(/\.html$/, '').replace(/(^|\/)index$/, '')}`;
    return { file, path: path === '/404' ? '/no-such-page' : path };
  })
  .sort((a, b) => a.path.localeCompare(b.path));

/** The .astro pages under src/pages, as routes (`/about`, `/services/[slug]`, `/blog` for blog/index). */
const ROUTES = readdirSync(join(import.meta.dirname, '../../src/pages'), { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.astro'))
  .map((file) => `/${file.replace(/\.astro$/, '').replace(/(^|\/)index$/, '')}`.replace(/\/$/, '') || '/');

/**
 * The dynamic routes, each with the paths it builds, the most specific first (`/autopilot-[tier]`
 * before `/[legal]`); a static route of the same path wins, as in Astro.
 */
const DYNAMIC_ROUTES = ROUTES.filter((route) => route.includes('['))
  .map((route) => ({
    route,
    pattern: new RegExp(`^${route.replace(/\[[^\]/]+\]/g, '[^/]+')}$`),
    fixed: route.replace(/\[[^\]/]+\]/g, '').length,
  }))
  .sort((a, b) => b.fixed - a.fixed);

/**
 * The page template the built page `file` (`services/dryer-vent-cleaning.html`) is built from: its dynamic route (`/services/[slug]`, `/[legal]`) unless
 * a page file of its own builds it, else the page itself. Pages of one template hold the same
 * components around other words.
 */
export function templateOf(file: string): string {
  const path = `/${file.replace(/\.html$/, '').replace(/(^|\/)index$/, '')}`.replace(/(.)\/$/, '$1');
  if (ROUTES.includes(path)) return path;
  return DYNAMIC_ROUTES.find(({ pattern }) => pattern.test(path))?.route ?? path;
}

/** The first built page of each template: one page for each set of components. */
export const FIRST_OF_TEMPLATE = new Set(
  [...Map.groupBy(BUILT_PAGES, ({ file }) => templateOf(file)).values()].map((pages) => pages[0]!.path),
);

export const SERVICE_PAGES = [
  '/services/air-filter-replacement',
  '/services/autopilot-plans',
  '/services/dryer-vent-cleaning',
  '/services/smoke-detector-batteries',
  '/services/refrigerator-filters',
  '/services/water-softener-salt',
  '/services/light-bulb-replacement',
  '/services/vacuum-cleanout',
  '/services/reverse-osmosis-filters',
  '/services/home-safety-assessment',
];
/** The services hub (docs/product/services.md#services-hub). */
export const HUB_PAGES = ['/services'];
export const PLAN_PAGES = ['/autopilot-lite', '/autopilot-full'];
export const LEGAL_PAGES = ['/privacy', '/terms', '/service-agreement'];
/** The blog's articles (docs/product/blog.md#blog). */
export const ARTICLE_PAGES = [
  '/blog/air-filter-replacement-guide',
  '/blog/how-to-change-air-filter',
  '/blog/hidden-costs-neglecting-air-filter',
  '/blog/diy-vs-professional-air-filter',
  '/blog/air-filter-types-guide',
];
