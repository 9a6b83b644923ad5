/**
 * The business's house mark, public/favicon.svg, for what the build makes of it: each page's
 * favicon (a data: URL, docs/product/performance.md#performance-decisions), the preview images, the logo and the
 * icon files (docs/product/site.md#page-metadata).
 * Read once per build; the build runs from the repository.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import svgToMiniDataURI from 'mini-svg-data-uri';

let svg: string | undefined;
let dataUrl: string | undefined;

/** The mark's SVG text, as the file holds it. */
export function houseMarkSvg(): string {
  svg ??= readFileSync(join(process.cwd(), 'public/favicon.svg'), 'utf8');
  return svg;
}

/** The mark as the shortest safe `data:` URL, for a page's `<link rel="icon">`. */
export function houseMarkDataUrl(): string {
  dataUrl ??= svgToMiniDataURI(houseMarkSvg().trim());
  return dataUrl;
}

/**
 * The mark on a full square of its own background colour (the colour its first shape is filled
 * with), for a home-screen icon: a phone cuts its own corners, and paints the mark's transparent
 * ones black. `share` below 1 draws the mark within the middle `share` of the square, for a
 * maskable app icon (docs/product/desk.md#owners-desk, "Installing the desk": MASKABLE_SHARE keeps
 * it inside the circle a phone's mask always keeps, the middle 80%).
 */
export function houseMarkTile(share = 1): string {
  const mark = houseMarkSvg().trim();
  const colour = /<rect\b[^>]*\bfill="(#[0-9a-f]{3,8})"/i.exec(mark)?.[1];
  const viewBox = /<svg\b[^>]*\bviewBox="([^"]+)"/.exec(mark)?.[1];
  if (!colour || !viewBox) {
    throw new Error('public/favicon.svg: the house mark needs a viewBox and a filled <rect> as its background');
  }
  const [, , width = 0, height = 0] = viewBox.split(/[\s,]+/).map(Number);
  const inset = (1 - share) / 2;
  const placed =
    share === 1
      ? mark
      : mark.replace(
          /<svg\b/,
          `<svg x="${width * inset}" y="${height * inset}" width="${width * share}" height="${height * share}"`,
        );
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="${viewBox}"><rect width="100%" height="100%" fill="${colour}"/>${placed}</svg>`;
}

/** The share of a maskable icon the mark takes (the middle 60%). */
export const MASKABLE_SHARE = 0.6;
