/**
 * Content a homeowner, a search engine and a regulator can trust, as a browser gets it:
 * illustrations drawn with alt text, guides served as real PDFs, the not-found status, and pages
 * that print and fit a phone (docs/product/blog.md#illustrations, #printable-guides). What the pages
 * hold (no testimonial shown as a customer's, titles, structured data, sitemap, feed, noindex, the
 * About page) is read from dist/ by tests/built/trust.test.ts.
 */
import { expect, test } from './test';
import { expectPdf } from './pdf';
import { BUILT_PAGES } from './pages';
import { bringIntoView } from './scroll';

const ARTICLES = BUILT_PAGES.map(({ path }) => path).filter((path) => path.startsWith('/blog/'));

test('every article shows its illustrations, each named for screen readers', async ({ page }) => {
  expect(ARTICLES).toHaveLength(5);
  for (const path of ARTICLES) {
    await page.goto(path);
    const pictures = page.locator('figure[data-illustration]');
    expect(await pictures.count(), path).toBeGreaterThanOrEqual(1);
    for (const figure of await pictures.all()) {
      const image = figure.getByRole('img');
      await bringIntoView(image);
      await expect(image).toBeVisible();
      await expect(image).toHaveAccessibleName(/\w{3,}/);
      await expect(image).toHaveAccessibleDescription(/.{40,}/);
      expect((await image.boundingBox())?.height ?? 0, path).toBeGreaterThan(100);
    }
  }
});

test('the guide downloads are PDF files that open', async ({ request }) => {
  for (const [slug, title] of [
    ['air-filter-checklist', 'Air Filter Replacement Checklist'],
    ['air-filter-schedule', 'Air Filter Schedule Guide'],
    ['diy-vs-professional', 'DIY vs Professional Air Filter Guide'],
  ] as const) {
    const res = await request.get(`/downloads/${slug}.pdf`);
    expect(res.status(), slug).toBe(200);
    expect(res.headers()['content-type']).toBe('application/pdf');
    await expectPdf(await res.body(), title);
  }
});

test('/404 itself answers 404', async ({ request }) => {
  expect((await request.get('/404')).status()).toBe(404);
});

test('the webhook test page fits a 390px phone', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 800 });
  await page.goto('/webhook-test');
  await expect(page.getByRole('button', { name: 'Test Smoke Detector Batteries' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});

test('an article prints without the header, footer and buttons', async ({ page }) => {
  await page.goto('/blog/air-filter-replacement-guide');
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('banner')).toBeHidden();
  await expect(page.getByRole('contentinfo')).toBeHidden();
  await expect(page.getByRole('button', { name: 'Download Schedule Guide' }).first()).toBeHidden();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});
