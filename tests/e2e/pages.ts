/** The pages of the site, grouped by the issue that delivers them, for sweeps over every page. */
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
/** The services hub (docs/product.md#services-hub). */
export const HUB_PAGES = ['/services'];
export const PLAN_PAGES = ['/autopilot-lite', '/autopilot-full'];
export const LEGAL_PAGES = ['/privacy', '/terms', '/service-agreement'];
/** The blog's articles (docs/product.md#blog). */
export const ARTICLE_PAGES = [
  '/blog/air-filter-replacement-guide',
  '/blog/how-to-change-air-filter',
  '/blog/hidden-costs-neglecting-air-filter',
  '/blog/diy-vs-professional-air-filter',
  '/blog/air-filter-types-guide',
];
