/** The preview images drawn as PNG files (docs/product/site.md#preview-images), with the repository's fonts and mark. */
import { readFileSync } from 'node:fs';
import { createElement } from 'react';
import { describe, expect, test } from 'vitest';
import { illustrationPicture } from '@/features/social-cards/card-parts';
import { cardAssets, renderCard, svgToPng } from '@/features/social-cards/render';
import { ArticleCard, BrandCard } from '@/features/social-cards/SocialCard';
import { HOME_BASE, SITE } from '@/site';
import { pngSize } from '../../../../support/png';

describe('cardAssets', () => {
  test('reads the fonts and the mark once, whatever the number of cards', async () => {
    expect(cardAssets()).toBe(cardAssets());
    const { fonts, brand } = await cardAssets();
    expect(fonts.map((font) => [font.name, font.weight])).toEqual([
      ['DejaVu Sans', 400],
      ['DejaVu Sans', 700],
    ]);
    expect(brand.mark).toBe(readFileSync('public/favicon.svg', 'utf8'));
    expect(brand).toMatchObject({ name: SITE.name, footer: `${HOME_BASE} · ${SITE.phone.display}` });
  });
});

describe('renderCard', () => {
  test('an article card, with or without its illustration, and the brand card are 1200x630 PNG files', async () => {
    const { brand } = await cardAssets();
    const picture = illustrationPicture(
      '<svg viewBox="0 0 480 260" width="480" height="260"><text x="20" y="40">Clean</text></svg>',
    );
    const title = 'How to Change an Air Filter: A Step-by-Step Guide for Beginners';
    const cards = [
      createElement(ArticleCard, { brand, title, category: 'Tutorial', picture }),
      createElement(ArticleCard, { brand, title, category: 'Tutorial', picture: null }),
      createElement(BrandCard, { brand, tagline: 'Filters, vents, detectors and Autopilot plans' }),
    ];
    const pngs = await Promise.all(cards.map((card) => renderCard(card)));
    for (const png of pngs) expect(pngSize(png)).toEqual({ width: 1200, height: 630 });
    // The illustration is drawn: the two article cards differ only by it.
    expect(Buffer.from(pngs[0] ?? []).equals(Buffer.from(pngs[1] ?? []))).toBe(false);
  });
});

describe('svgToPng', () => {
  test('the mark as the structured data logo: 512 px square, well above the 112 px Google asks for', async () => {
    const { brand } = await cardAssets();
    expect(pngSize(svgToPng(brand.mark, 512))).toEqual({ width: 512, height: 512 });
  });

  test('an SVG at its own size without a width', () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="20"><rect width="40" height="20"/></svg>';
    expect(pngSize(svgToPng(svg))).toEqual({ width: 40, height: 20 });
  });
});

describe('pngSize', () => {
  test('null for bytes that are no PNG', () => {
    expect(pngSize(new TextEncoder().encode('<html>not found</html>'))).toBeNull();
  });
});
