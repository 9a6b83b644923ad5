/**
 * Waits in a page for the tools' idle preload (src/lib/islands/idle-preload.ts) to be over, for
 * the e2e tests and bench:interact alike.
 */
import type { Page } from '@playwright/test';

/**
 * Resolves once the page's idle preload is over, with the number of files it fetched: the page has
 * loaded, its first paint was reported and the browser has been idle twice since (the island
 * directive asks for its idle callback at that point, through the same steps, so it has run by
 * then), and every file it asked for (`link[rel=modulepreload][data-idle]`) has arrived (a
 * Resource Timing entry is added when a response ends). Network idle alone can come first. A page
 * with no tool, or whose tool has already started, has no such files and goes on at once.
 */
export async function idlePreloadsLoaded(page: Page): Promise<number> {
  await page.waitForLoadState('load');
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        new PerformanceObserver((list, observer) => {
          if (list.getEntriesByName('first-contentful-paint').length === 0) return;
          observer.disconnect();
          setTimeout(() => requestIdleCallback(() => requestIdleCallback(() => resolve())));
        }).observe({ type: 'paint', buffered: true });
      }),
  );
  const handle = await page.waitForFunction(
    () => {
      const wanted = [...document.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"][data-idle]')];
      const arrived = new Set(performance.getEntriesByType('resource').map((entry) => entry.name));
      return wanted.every((link) => arrived.has(link.href)) && { files: wanted.length };
    },
    undefined,
    { polling: 100, timeout: 60_000 },
  );
  return ((await handle.jsonValue()) as { files: number }).files;
}
