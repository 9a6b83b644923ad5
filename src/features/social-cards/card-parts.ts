/**
 * The pure parts of the preview images (docs/product/site.md#preview-images): the card's colours, the
 * title's size for its length, and an article illustration made into a standalone SVG picture.
 */

/** The card's colours: the site's brand and accent (tailwind.config.cjs). */
export const CARD_COLOURS = {
  background: '#0a3532',
  panel: '#eef7f6',
  mark: '#1f8a80',
  accent: '#f5a524',
  ink: '#1d2a2f',
  title: '#ffffff',
  muted: '#d5ecea',
} as const;

/** The preview image's size, in pixels (docs/product/site.md#page-metadata). */
export const CARD_SIZE = { width: 1200, height: 630 } as const;

/** The family the cards are set in, shipped with the build (dejavu-fonts-ttf). */
export const CARD_FONT = 'DejaVu Sans';

/**
 * The title's font size in pixels: large for a short title, smaller as it grows, so the longest
 * title the blog allows (90 characters) still fits in five lines beside the picture.
 */
export function titleFontSize(title: string): number {
  const length = title.length;
  if (length <= 36) return 60;
  if (length <= 52) return 52;
  if (length <= 70) return 46;
  return 40;
}

/** An illustration as a picture of its own: the SVG text and its size in pixels. */
export interface CardPicture {
  readonly svg: string;
  readonly width: number;
  readonly height: number;
}

const SVG_PATTERN = /<svg\b([^>]*)>([\s\S]*)<\/svg>/;

function attribute(attributes: string, name: string): string | undefined {
  return new RegExp(`\\s${name}="([^"]*)"`).exec(attributes)?.[1];
}

/**
 * The illustration's <svg> out of its rendered figure (src/components/illustrations/Illustration.astro),
 * made standalone for the image renderer: the SVG namespace, its pale panel as a background, the
 * card's font for its labels; without its title and description (the card has its own text
 * alternative), its caption or the page's classes. Throws when the markup holds no sized <svg>, so
 * a changed illustration frame fails the build instead of shipping a card without its picture.
 */
export function illustrationPicture(figureHtml: string): CardPicture {
  const match = SVG_PATTERN.exec(figureHtml);
  const viewBox = match ? attribute(match[1] ?? '', 'viewBox') : undefined;
  const [, , width, height] = (viewBox ?? '').split(/\s+/).map(Number);
  if (!match || !width || !height) throw new Error('The illustration renders no <svg> with a viewBox');
  const body = (match[2] ?? '').replace(/<title\b[^>]*>[\s\S]*?<\/title>|<desc\b[^>]*>[\s\S]*?<\/desc>/g, '');
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}" font-family="${CARD_FONT}" overflow="visible">` +
    `<rect width="${width}" height="${height}" fill="${CARD_COLOURS.panel}"/>${body}</svg>`;
  return { svg, width, height };
}

const SVG_IMAGE = /<image\b([^>]*?)\shref="data:image\/svg\+xml;base64,([A-Za-z0-9+/=]+)"([^>]*?)\/>/g;
const SVG_ROOT = /^\s*<svg\b([^>]*)>/;

/**
 * Satori's output with each SVG picture (an <image> of an SVG data URL) written in place as a
 * nested <svg> at the same box, keeping its clip and mask. resvg paints an <image>'s SVG without
 * the card's fonts, so an illustration's labels would vanish; nested in the card, they are set in
 * the card's font like its other words.
 */
export function inlineSvgImages(svg: string): string {
  return svg.replace(SVG_IMAGE, (_image, before: string, data: string, after: string) => {
    const attributes = `${before} ${after}`;
    const box = ['x', 'y', 'width', 'height'].map((name) => `${name}="${attribute(attributes, name) ?? '0'}"`);
    const wrapper = ['clip-path', 'mask']
      .map((name) => [name, attribute(attributes, name)] as const)
      .filter((pair): pair is readonly [string, string] => pair[1] !== undefined)
      .map(([name, value]) => ` ${name}="${value}"`)
      .join('');
    const picture = Buffer.from(data, 'base64').toString('utf8');
    const root = SVG_ROOT.exec(picture);
    if (!root) throw new Error('An SVG picture of the card has no <svg> root');
    const rootAttributes = (root[1] ?? '').replace(/\s(?:x|y|width|height|preserveAspectRatio)="[^"]*"/g, '');
    const nested = `<svg${rootAttributes} ${box.join(' ')} preserveAspectRatio="none">${picture.slice(root[0].length)}`;
    return `<g${wrapper}>${nested}</g>`;
  });
}
