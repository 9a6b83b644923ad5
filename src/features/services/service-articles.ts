/**
 * Which articles explain which service (docs/product/services.md#services-hub): a small explicit map by
 * topic, so a service page links to the guides behind it. Every article is about air filters, so
 * the services without a guide of their own link none. A unit test checks each slug exists.
 */
export const SERVICE_ARTICLES: Readonly<Record<string, readonly string[]>> = {
  'air-filter-replacement': ['air-filter-replacement-guide', 'how-to-change-air-filter', 'air-filter-types-guide'],
  'autopilot-plans': ['hidden-costs-neglecting-air-filter', 'diy-vs-professional-air-filter'],
};

/** The blog slugs that explain the service `slug`, in the order to show them. */
export function articlesFor(slug: string): readonly string[] {
  return SERVICE_ARTICLES[slug] ?? [];
}
