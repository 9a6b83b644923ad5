import type { Locator } from '@playwright/test';

/**
 * Scrolls `target` to the middle of the screen at once with the page's own `scrollIntoView`, as a
 * link to it would. Playwright's `scrollIntoViewIfNeeded` scrolls through the DevTools protocol,
 * which skips the browser's step of drawing an article part not drawn yet
 * (`content-visibility: auto`, src/integrations/html/article-parts.ts): it scrolls to where the
 * target would be and shows the part's neighbours instead. A reader's own scrolling, links,
 * find-in-page and focus all draw the part. An element without a box of its own (an island, `display: contents`) is
 * brought by its first child that has one. It returns once two frames have been drawn after the
 * scroll, as Playwright's own scroll waits: a part or island that watches for the reader coming
 * near is told at a frame, and a second scroll before it would pass it by unseen.
 */
export async function bringIntoView(target: Locator): Promise<void> {
  await target.evaluate((el) => {
    let box: Element | null = el;
    while (box && getComputedStyle(box).display === 'contents') box = box.firstElementChild;
    (box ?? el).scrollIntoView({ block: 'center', behavior: 'instant' });
    return new Promise<void>((drawn) => requestAnimationFrame(() => requestAnimationFrame(() => drawn())));
  });
}
