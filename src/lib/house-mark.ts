/**
 * The business's house mark, public/favicon.svg, for what the build makes of it: each page's
 * favicon (a data: URL, docs/product.md#performance-decisions), the preview images and the logo.
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
