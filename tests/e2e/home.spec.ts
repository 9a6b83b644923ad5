/**
 * The home page in a browser: what it runs at load. What it holds (sections, services grid, plans,
 * claims, contact form fields, footer) is read from dist/ by tests/built/home.test.ts; axe checks it
 * in a11y-sweep.spec.ts.
 */
import { gzipSync } from 'node:zlib';
import { fetchedToRun } from './network';
import { expect, test } from './test';

test.describe('home page', () => {
  test('ships no framework JavaScript at load', async ({ page }) => {
    const scripts: { url: string; bytes: number }[] = [];
    page.on('response', async (res) => {
      if (res.request().resourceType() === 'script') {
        scripts.push({ url: res.url(), bytes: Number(res.headers()['content-length'] ?? (await res.body()).length) });
      }
    });
    await page.goto('/', { waitUntil: 'networkidle' });
    // The Subscribe buttons are islands, drawn by the server and not hydrated before they are near view.
    await expect(page.locator('astro-island:not([ssr])')).toHaveCount(0);
    // Only the small plain modules of the shell (toaster) are fetched to run; no React, no supabase-js.
    // The Subscribe buttons are not tools: their code is not preloaded at idle either
    // (docs/product/performance.md#after-paint-loading); whatever a page preloads at idle is never run, so
    // fetchedToRun leaves it out of what is counted here.
    const run = await fetchedToRun(
      page,
      scripts.map((s) => s.url),
    );
    for (const url of run) expect(url).not.toMatch(/\/_astro\/(client|react)\.[\w-]+\.js$|supabase/i);
    // Inline scripts travel inside the compressed page: counted as they are sent (gzip), like the
    // files' transferred bytes, not as the larger text the browser unpacks.
    const inlineText = await page
      .locator('script:not([type="application/ld+json"]):not([src])')
      .evaluateAll((els) => els.map((el) => el.textContent ?? '').join('\n'));
    const inlineBytes = gzipSync(inlineText).length;
    const fileBytes = scripts.filter((s) => run.includes(s.url)).reduce((n, s) => n + s.bytes, 0);
    console.log(
      `home page JavaScript: ${scripts.length} files, ${fileBytes} bytes transferred, ${inlineBytes} bytes inline`,
    );
    // The performance budget for home, service and article pages: 15 KB of script at load.
    expect(fileBytes + inlineBytes).toBeLessThan(15 * 1024);
  });
});
