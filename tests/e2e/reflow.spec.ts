import { expect, test } from './test';
import { HUB_PAGES, LEGAL_PAGES, PLAN_PAGES, SERVICE_PAGES } from './pages';

test.use({ viewport: { width: 320, height: 640 } });

test('no page scrolls sideways on a 320px-wide screen (WCAG 1.4.10 reflow)', async ({ page }) => {
  for (const path of ['/', '/no-such-page', ...HUB_PAGES, ...SERVICE_PAGES, ...PLAN_PAGES, ...LEGAL_PAGES]) {
    await page.goto(path);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width, path).toBeLessThanOrEqual(320);
  }
});
