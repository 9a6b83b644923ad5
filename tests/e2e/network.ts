import type { Page } from '@playwright/test';

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
