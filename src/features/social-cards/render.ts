/**
 * Draws the preview images (docs/product/site.md#preview-images) at build time: satori lays a card out
 * as SVG, resvg paints it as PNG. The fonts (DejaVu Sans from dejavu-fonts-ttf, never the build
 * machine's) and the house mark (public/favicon.svg) are read once per build, whatever the number
 * of cards.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { Resvg } from '@resvg/resvg-js';
import type { ReactNode } from 'react';
import satori from 'satori';
import { houseMarkSvg } from '@/lib/house-mark';
import { HOME_BASE, SITE } from '@/site';
import { CARD_FONT, CARD_SIZE, inlineSvgImages } from './card-parts';
import type { CardBrand } from './SocialCard';

const FONT_DIR = join(dirname(createRequire(import.meta.url).resolve('dejavu-fonts-ttf/package.json')), 'ttf');
const FONT_FILES = { 400: join(FONT_DIR, 'DejaVuSans.ttf'), 700: join(FONT_DIR, 'DejaVuSans-Bold.ttf') } as const;

interface CardAssets {
  readonly fonts: { name: string; data: Buffer; weight: 400 | 700; style: 'normal' }[];
  readonly brand: CardBrand;
}

let assets: Promise<CardAssets> | undefined;

/** The fonts and the business's mark, name and footer line, read on the first card and kept. */
export function cardAssets(): Promise<CardAssets> {
  assets ??= (async () => {
    const [regular, bold] = await Promise.all([readFile(FONT_FILES[400]), readFile(FONT_FILES[700])]);
    const mark = houseMarkSvg();
    return {
      fonts: [
        { name: CARD_FONT, data: regular, weight: 400, style: 'normal' },
        { name: CARD_FONT, data: bold, weight: 700, style: 'normal' },
      ],
      brand: { mark, name: SITE.name, footer: `${HOME_BASE} · ${SITE.phone.display}` },
    };
  })();
  return assets;
}

/** An SVG painted as a PNG, at its own size or `width` pixels wide, with the cards' fonts for any text it holds. */
export function svgToPng(svg: string, width?: number): Uint8Array {
  const resvg = new Resvg(svg, {
    font: { fontFiles: Object.values(FONT_FILES), loadSystemFonts: false, defaultFontFamily: CARD_FONT },
    ...(width ? { fitTo: { mode: 'width' as const, value: width } } : {}),
  });
  return resvg.render().asPng();
}

/** A card (SocialCard.tsx) as a 1200x630 PNG. */
export async function renderCard(card: ReactNode): Promise<Uint8Array> {
  const { fonts } = await cardAssets();
  const svg = await satori(card, { ...CARD_SIZE, fonts });
  return svgToPng(inlineSvgImages(svg));
}

/** An image file (a PNG unless `type` says otherwise) as a static route's answer. */
export function imageResponse(image: Uint8Array, type = 'image/png'): Response {
  return new Response(new Blob([image as Uint8Array<ArrayBuffer>], { type }), {
    headers: { 'Content-Type': type },
  });
}
