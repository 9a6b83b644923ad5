/**
 * The desk's web app manifest (docs/product/desk.md#owners-desk, "Installing the desk"): what a phone
 * needs to offer 'Add to Home Screen' and to open the desk without the browser's bars. Pure; the
 * build writes it as /owner.webmanifest and draws its icons (src/pages/owner/[icon].png.ts).
 */
import { SITE } from '@/site';

/** The theme colour of every page (BaseLayout's `theme-color`). */
export const THEME_COLOUR = '#115d57';

/** The desk's icons: their file names under /owner, sizes, and whether a phone may mask them. */
export const DESK_ICONS = [
  { name: 'icon-192', size: 192, maskable: false },
  { name: 'icon-512', size: 512, maskable: false },
  { name: 'icon-maskable-512', size: 512, maskable: true },
] as const;

/** The manifest's fields. */
export function deskManifest() {
  return {
    name: `${SITE.name}: Owner's Desk`,
    short_name: 'Desk',
    description: "The owner's desk: the day's visits, requests to confirm, the week and the customers.",
    id: '/owner',
    start_url: '/owner',
    scope: '/owner',
    display: 'standalone',
    orientation: 'portrait',
    theme_color: THEME_COLOUR,
    background_color: '#ffffff',
    icons: DESK_ICONS.map(({ name, size, maskable }) => ({
      src: `/owner/${name}.png`,
      sizes: `${size}x${size}`,
      type: 'image/png',
      purpose: maskable ? 'maskable' : 'any',
    })),
  };
}
