import { describe, expect, test } from 'vitest';
import { wrapArticleParts } from '@/integrations/html/article-parts';

const OPEN = '<div class="article-part">';
const page = (body: string) => `<!DOCTYPE html><html><head><title>t</title></head><body>${body}</body></html>`;

describe('wrapArticleParts', () => {
  test('wraps each h2 of the body with what follows it up to the next h2; the introduction stays as it is', () => {
    const body =
      '<div class="prose-content" data-parts><p>Intro</p>\n<h2 id="a">A</h2>\n<p>a1</p><ul><li>a2</li></ul>\n<h2 id="b">B</h2><astro-island><h2>inside</h2></astro-island>\n</div><footer>f</footer>';
    expect(wrapArticleParts(page(body))).toBe(
      page(
        `<div class="prose-content" data-parts><p>Intro</p>\n${OPEN}<h2 id="a">A</h2>\n<p>a1</p><ul><li>a2</li></ul>\n</div>${OPEN}<h2 id="b">B</h2><astro-island><h2>inside</h2></astro-island>\n</div></div><footer>f</footer>`,
      ),
    );
  });

  test('leaves unwrapped a section holding something fixed to the screen', () => {
    const body =
      '<div data-parts><h2>A</h2><p>a</p><h2>B</h2><p><a href="/x" data-fixed>Book</a></p><h2>C</h2><p>c</p></div>';
    expect(wrapArticleParts(page(body))).toBe(
      page(
        `<div data-parts>${OPEN}<h2>A</h2><p>a</p></div><h2>B</h2><p><a href="/x" data-fixed>Book</a></p>${OPEN}<h2>C</h2><p>c</p></div></div>`,
      ),
    );
  });

  test('keeps text outside ASCII in place (offsets count UTF-16 units, like the page string)', () => {
    const body = '<div data-parts><p>Café – “quoted” 🏠</p><h2>Ünïcode</h2><p>ok</p></div>';
    expect(wrapArticleParts(page(body))).toBe(
      page(`<div data-parts><p>Café – “quoted” 🏠</p>${OPEN}<h2>Ünïcode</h2><p>ok</p></div></div>`),
    );
  });

  test('returns a page without a data-parts body, or a body without h2, as it is', () => {
    const plain = page('<div class="prose-content"><h2>A</h2><p>a</p></div>');
    expect(wrapArticleParts(plain)).toBe(plain);
    const noHeadings = page('<div data-parts><p>a</p><h3>b</h3></div>');
    expect(wrapArticleParts(noHeadings)).toBe(noHeadings);
  });
});
