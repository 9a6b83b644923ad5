/**
 * The article illustrations by id (each component's own `id`), which an article's frontmatter may
 * name as its preview image's picture (docs/product/site.md#preview-images), and the file of each.
 */
export const ILLUSTRATION_IDS = ['airflow-arrow', 'clogged-vs-clean', 'merv-particles'] as const;

export type IllustrationId = (typeof ILLUSTRATION_IDS)[number];

/** The component's file in this folder, without `.astro`. */
export const ILLUSTRATION_FILES = {
  'airflow-arrow': 'AirflowArrow',
  'clogged-vs-clean': 'CloggedVsClean',
  'merv-particles': 'MervParticles',
} as const satisfies Record<IllustrationId, string>;
