import type { APIRoute } from 'astro';
import icoEndec from 'ico-endec';
import { imageResponse, svgToPng } from '@/features/social-cards/render';
import { houseMarkSvg } from '@/lib/house-mark';

/** The sizes in /favicon.ico: a tab's, a high-density tab's, and 48 px, the least Google Search recommends. */
const FAVICON_SIZES = [16, 32, 48] as const;

/**
 * /favicon.ico: the house mark where a browser or Google Search looks for it without a link: a
 * browser showing a file that is not a page (a PDF guide), and Google's favicon crawler, which
 * cannot fetch the pages' `data:` icon (docs/product/site.md#page-metadata).
 */
export const GET: APIRoute = () => {
  const ico = icoEndec.encode(FAVICON_SIZES.map((size) => svgToPng(houseMarkSvg(), size)));
  return imageResponse(ico, 'image/x-icon');
};
