import type { Page } from '@playwright/test';
import { TOOL_ISLANDS } from '../../src/lib/islands/idle-preload';

/**
 * Holds every request whose URL matches `url` until the returned function is called, as a slow
 * connection would: what a visitor does before the script arrives can then be tested.
 */
export async function holdRequests(page: Page, url: RegExp): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(url, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/**
 * Of the script URLs `fetched`, those the page did not name as an idle preload
 * (docs/product/performance.md#after-paint-loading: `link[rel=modulepreload][data-idle]`, added after load to
 * fetch a tool's code without running it): the scripts fetched to run. It first waits until every
 * tool island's files have their preload link: on a busy machine the idle preload can come after
 * `networkidle`, and its requests were then reported after the page's links had been read, so
 * they counted as run (two CI runs failed so).
 */
export async function fetchedToRun(page: Page, fetched: readonly string[]): Promise<string[]> {
  await page.waitForFunction((tools) => {
    const linked = new Set(
      [...document.querySelectorAll('link[rel="modulepreload"]')].map((l) => l.getAttribute('href')),
    );
    return [...document.querySelectorAll('astro-island[data-preload]')]
      .filter((island) =>
        tools.includes((JSON.parse(island.getAttribute('opts') ?? '{}') as { name?: string }).name ?? ''),
      )
      .every((island) =>
        (island.getAttribute('data-preload') ?? '').split(' ').every((href) => !href || linked.has(href)),
      );
  }, TOOL_ISLANDS);
  const preloaded = await page.evaluate(() =>
    [...document.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"][data-idle]')].map((l) => l.href),
  );
  const base = page.url();
  return fetched.filter((url) => !preloaded.includes(new URL(url, base).href));
}
