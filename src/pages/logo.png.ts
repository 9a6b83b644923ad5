import type { APIRoute } from 'astro';
import { cardAssets, imageResponse, svgToPng } from '@/features/social-cards/render';
import { LOGO } from '@/lib/jsonld';

/** /logo.png: the house mark (public/favicon.svg) as the structured data's logo, LOGO.width pixels square (docs/product/site.md#page-metadata). */
export const GET: APIRoute = async () => {
  const { brand } = await cardAssets();
  return imageResponse(svgToPng(brand.mark, LOGO.width));
};
