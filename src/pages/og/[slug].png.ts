import type { APIRoute, InferGetStaticPropsType } from 'astro';
import { experimental_AstroContainer as AstroContainer } from 'astro/container';
import type { AstroComponentFactory } from 'astro/runtime/server/index.js';
import { createElement } from 'react';
import { ILLUSTRATION_FILES } from '@/components/illustrations/ids';
import { illustrationPicture } from '@/features/social-cards/card-parts';
import { cardAssets, imageResponse, renderCard } from '@/features/social-cards/render';
import { ArticleCard } from '@/features/social-cards/SocialCard';
import { entryPaths } from '@/lib/collections';

/**
 * /og/<slug>.png: each article's preview image, drawn at build time from its title, category and
 * illustration (docs/product/site.md#preview-images).
 */
export const getStaticPaths = () => entryPaths('blog', 'slug');

type Props = InferGetStaticPropsType<typeof getStaticPaths>;

/** The illustration components, by file. */
const components = import.meta.glob<AstroComponentFactory>('../../components/illustrations/*.astro', {
  eager: true,
  import: 'default',
});

/** One renderer of Astro components for every card, made on the first. */
let container: Promise<AstroContainer> | undefined;

export const GET: APIRoute<Props> = async ({ props }) => {
  const { title, category, illustration } = props.entry.data;
  let picture = null;
  if (illustration) {
    container ??= AstroContainer.create();
    const component = components[`../../components/illustrations/${ILLUSTRATION_FILES[illustration]}.astro`];
    if (!component) throw new Error(`No illustration component for "${illustration}"`);
    picture = illustrationPicture(await (await container).renderToString(component));
  }
  const { brand } = await cardAssets();
  return imageResponse(await renderCard(createElement(ArticleCard, { brand, title, category, picture })));
};
