/** The pages of the site, grouped by the issue that delivers them, for sweeps over every page. */
import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';

/** The built site the e2e tests are served. */
export const DIST = join(import.meta.dirname, '../../dist');

/** The route a page file stands for: `about.html` or `about.astro` is `/about`, `blog/index.*` is `/blog`. */
function routeOf(file: string): string {
  return `/${file.replace(/\.(html|astro)$/, '').replace(/(^|\/)index$/, '')}`;
}

/** The .astro pages under src/pages, as routes (`/about`, `/services/[slug]`). */
const ROUTES = readdirSync(join(import.meta.dirname, '../../src/pages'), { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.astro'))
  .map(routeOf);

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
 * The page template a built page's route is built from: its dynamic route (`/services/[slug]`,
 * `/[legal]`) unless a page file of its own builds it, else the page itself. Pages of one template
 * hold the same components around other words.
 */
export function templateOf(route: string): string {
  if (ROUTES.includes(route)) return route;
  return DYNAMIC_ROUTES.find(({ pattern }) => pattern.test(route))?.route ?? route;
}

/** Every built page, the path it is served at (the not-found page at an unknown path) and its template. */
export const BUILT_PAGES = readdirSync(DIST, { recursive: true, withFileTypes: true })
  .filter((entry) => entry.isFile() && entry.name.endsWith('.html'))
  .map((entry) => {
    const file = relative(DIST, join(entry.parentPath, entry.name));
    const route = routeOf(file);
    return { file, path: route === '/404' ? '/no-such-page' : route, template: templateOf(route) };
  })
  .sort((a, b) => a.path.localeCompare(b.path));

/** The first built page of each template: one page for each set of components. */
export const FIRST_OF_TEMPLATE = new Set(
  [...Map.groupBy(BUILT_PAGES, ({ template }) => template).values()].map((pages) => pages[0]!.path),
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
