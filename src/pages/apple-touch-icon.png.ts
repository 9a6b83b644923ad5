import type { APIRoute } from 'astro';
import { imageResponse, svgToPng } from '@/features/social-cards/render';
import { houseMarkTile } from '@/lib/house-mark';

/** The icon's size: what a phone's home screen uses at its highest density. */
const TOUCH_ICON_SIZE = 180;

/**
 * /apple-touch-icon.png: the house mark, full-bleed, for a phone's home screen and as the file
 * Google Search shows beside the site's results (docs/product/site.md#page-metadata). Browsers do not
 * fetch it while a page loads.
 */
export const GET: APIRoute = () => imageResponse(svgToPng(houseMarkTile(), TOUCH_ICON_SIZE));
