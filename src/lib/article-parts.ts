/**
 * Article parts: the `<h2>` sections of an article body, wrapped by the build
 * (src/integrations/html/article-parts.ts) and drawn only near the reader
 * (`content-visibility: auto` in src/styles/global.css; docs/product/performance.md "Performance decisions").
 */

/** The class of an article part's wrapper. */
export const ARTICLE_PART_CLASS = 'article-part';

/**
 * The element whose box stands for `el` in measurements and visibility watching: the article part
 * it is in, or itself. Inside a part not drawn yet an element has no box, and measuring it makes
 * the browser lay the part out; the part's own box is always laid out.
 */
export function partBoxOf(el: Element): Element {
  return el.closest(`.${ARTICLE_PART_CLASS}`) ?? el;
}
