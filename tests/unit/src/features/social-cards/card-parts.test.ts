/** The pure parts of the preview images (docs/product/site.md#preview-images). */
import { describe, expect, test } from 'vitest';
import { illustrationPicture, inlineSvgImages, titleFontSize } from '@/features/social-cards/card-parts';

describe('titleFontSize', () => {
  test.each([
    ['The Hidden Costs of a Filter', 60],
    ['The Hidden Costs of Neglecting Your Air Filter', 52],
    ['How to Change an Air Filter: A Step-by-Step Guide for Beginners', 46],
    ['x'.repeat(90), 40],
  ])('%s: %i px', (title, size) => {
    expect(titleFontSize(title)).toBe(size);
  });

  test('never grows as the title grows', () => {
    const sizes = Array.from({ length: 90 }, (_, i) => titleFontSize('x'.repeat(i + 1)));
    expect(sizes.every((size, i) => i === 0 || size <= (sizes[i - 1] ?? 0))).toBe(true);
  });
});

/** A figure as Illustration.astro renders it. */
const FIGURE =
  '<figure class="my-8 max-w-2xl" data-illustration="clogged"><svg viewBox="0 0 480 260" width="480" height="260" role="img" ' +
  'aria-labelledby="clogged-title" aria-describedby="clogged-desc" class="h-auto w-full" font-family="inherit">' +
  '<title id="clogged-title">A clean filter</title><desc id="clogged-desc">On the left, a clean filter.</desc>' +
  '<defs><marker id="clogged-head"><path d="M0 0"></path></marker></defs>' +
  '<text x="120" y="32" fill="#1d2a2f">Clean</text></svg><figcaption class="mt-2">Hold the filter up</figcaption></figure>';

describe('illustrationPicture', () => {
  test('keeps the drawing and its size, on the pale panel, in the card font', () => {
    const picture = illustrationPicture(FIGURE);
    expect(picture).toMatchObject({ width: 480, height: 260 });
    expect(picture.svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="0 0 480 260"/);
    expect(picture.svg).toContain('font-family="DejaVu Sans"');
    expect(picture.svg).toContain('<rect width="480" height="260" fill="#eef7f6"/>');
    expect(picture.svg).toContain('<marker id="clogged-head">');
    expect(picture.svg).toContain('>Clean</text>');
    expect(picture.svg).toMatch(/<\/svg>$/);
  });

  test('leaves out the title, description, caption and page classes', () => {
    const { svg } = illustrationPicture(FIGURE);
    for (const gone of ['<title', '<desc', 'figcaption', 'Hold the filter', 'class=', 'aria-', 'inherit']) {
      expect(svg).not.toContain(gone);
    }
  });

  test('fails on markup without a sized <svg>, rather than drawing an empty panel', () => {
    expect(() => illustrationPicture('<figure><img src="x.png" alt=""></figure>')).toThrow(/no <svg>/);
    expect(() => illustrationPicture('<svg width="10"><rect/></svg>')).toThrow(/no <svg>/);
  });
});

describe('inlineSvgImages', () => {
  const picture =
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32" width="32" height="32"><text>Hi</text></svg>';
  const base64 = Buffer.from(picture).toString('base64');

  test("writes an SVG picture in place at satori's box, with its clip and mask", () => {
    const satori =
      `<svg width="300" height="200"><clipPath id="cp"><rect/></clipPath><image x="20" y="30" width="100" height="50" ` +
      `href="data:image/svg+xml;base64,${base64}" preserveAspectRatio="none" clip-path="url(#cp)" mask="url(#m)"/></svg>`;
    expect(inlineSvgImages(satori)).toBe(
      '<svg width="300" height="200"><clipPath id="cp"><rect/></clipPath><g clip-path="url(#cp)" mask="url(#m)">' +
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32" x="20" y="30" width="100" height="50" preserveAspectRatio="none">' +
        '<text>Hi</text></svg></g></svg>',
    );
  });

  test('leaves other images and the rest of the card alone', () => {
    const satori =
      '<svg><image x="0" y="0" width="4" height="4" href="data:image/png;base64,AAAA"/><text>Title</text></svg>';
    expect(inlineSvgImages(satori)).toBe(satori);
  });
});
