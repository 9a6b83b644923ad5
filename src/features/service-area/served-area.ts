/**
 * The service area's ZIP codes and towns for the browser (docs/product/site.md#service-area-check):
 * computed at build time by area-list.server.ts and written into this module by the build (Vite's
 * `define` in astro.config.mjs), so the booking card, the plan sign-up and the home page's check
 * carry the list in a script file the browser caches once, not in the HTML of every page that
 * checks an address (docs/product/performance.md#performance-decisions).
 */
import type { AreaList } from './area';

declare const __SERVICE_AREA__: AreaList;

export const SERVED_AREA: AreaList = __SERVICE_AREA__;
