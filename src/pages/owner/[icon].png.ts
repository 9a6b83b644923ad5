import type { APIRoute, GetStaticPaths } from 'astro';
import { imageResponse, svgToPng } from '@/features/social-cards/render';
import { DESK_ICONS } from '@/features/owner/desk-manifest';
import { houseMarkTile, MASKABLE_SHARE } from '@/lib/house-mark';

/**
 * /owner/icon-192.png, /owner/icon-512.png and /owner/icon-maskable-512.png: the house mark as the
 * desk app's icons, drawn at build time (docs/product/desk.md#owners-desk, "Installing the desk").
 */
export const getStaticPaths = (() =>
  DESK_ICONS.map((icon) => ({ params: { icon: icon.name }, props: icon }))) satisfies GetStaticPaths;

export const GET: APIRoute<(typeof DESK_ICONS)[number]> = ({ props }) =>
  imageResponse(svgToPng(houseMarkTile(props.maskable ? MASKABLE_SHARE : 1), props.size));
