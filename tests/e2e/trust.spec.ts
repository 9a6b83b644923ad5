/**
 * Content a homeowner, a search engine and a regulator can trust: examples never shown as customers,
 * illustrations with alt text, guides as real PDFs, and the search details
 * (docs/product/blog.md#testimonials-and-examples, #illustrations, #printable-guides, #page-metadata).
 */
import { fileURLToPath } from 'node:url';
import { expect, test } from './test';
import { placeholdersLeft } from '../../src/features/testimonials/placeholders.ts';
import { expectNoAxeViolations } from './a11y';
import { expectPdf } from './pdf';
import { builtPages } from './price-statements';
import { bringIntoView } from './scroll';

const root = fileURLToPath(new URL('../..', import.meta.url));
const pages = builtPages(`${root}dist`);
const ARTICLES = pages.map(([path]) => path).filter((path) => path.startsWith('/blog/'));

test('while placeholders remain, no page shows a testimonial as a named customer', async ({ page }) => {
  expect(placeholdersLeft(root).length).toBeGreaterThan(0);
  const withTestimonials = pages.filter(([, html]) => html.includes('data-testimonial')).map(([path]) => path);
  // The plan pages, the change guide and the DIY article carry them.
  expect(withTestimonials.length).toBeGreaterThanOrEqual(4);
  for (const [path] of pages) {
    expect(pages.find(([p]) => p === path)?.[1], path).not.toContain('data-testimonial="customer"');
  }
  for (const path of withTestimonials) {
    await page.goto(path === '/index' ? '/' : path);
    const figures = page.locator('figure[data-testimonial]');
    await expect(figures.first()).toBeAttached();
    for (const figure of await figures.all()) {
      await expect(figure, path).toHaveAttribute('data-testimonial', 'example');
      await expect(figure.locator('figcaption'), path).toContainText(/^Example/);
      await expect(figure.locator('figcaption'), path).toContainText("Not a customer's words");
    }
  }
});

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

test('every page has a title of 60 characters or fewer and structured data', () => {
  for (const [path, html] of pages) {
    const title = (/<title>([^<]*)<\/title>/.exec(html)?.[1] ?? '').replace(/&amp;/g, '&');
    expect(title.length, `${path}: ${title}`).toBeGreaterThan(0);
    expect(title.length, `${path}: ${title}`).toBeLessThanOrEqual(60);
    const blocks = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
      ([, json]) => JSON.parse(json ?? 'null') as Record<string, unknown>,
    );
    expect(blocks.length, path).toBeGreaterThan(0);
    const types = blocks.map((block) => block['@type']);
    const described = ['HomeAndConstructionBusiness', 'Service', 'BlogPosting', 'Blog'].some((t) => types.includes(t));
    if (!described) {
      const webPage = blocks.find((b) => ['WebPage', 'AboutPage', 'ContactPage'].includes(String(b['@type'])));
      expect(webPage, path).toBeDefined();
      expect(webPage?.['breadcrumb'], path).toMatchObject({ '@type': 'BreadcrumbList' });
    }
  }
});

test('/404 itself answers 404', async ({ request }) => {
  expect((await request.get('/404')).status()).toBe(404);
});

test('the sitemap gives every page its last-changed date', async ({ request }) => {
  const sitemap = await (await request.get('/sitemap-0.xml')).text();
  const urls = [...sitemap.matchAll(/<url>([\s\S]*?)<\/url>/g)].map(([, url]) => url ?? '');
  expect(urls.length).toBeGreaterThan(20);
  for (const url of urls) expect(url, url).toMatch(/<lastmod>\d{4}-\d{2}-\d{2}T[^<]+<\/lastmod>/);
  const about = urls.find((url) => url.includes('/about</loc>'));
  expect(about).toContain('<lastmod>2026-11-25');
});

test('the RSS feed names itself, its language and when it last changed', async ({ request, baseURL }) => {
  const feed = await (await request.get('/rss.xml')).text();
  expect(feed).toContain('xmlns:atom="http://www.w3.org/2005/Atom"');
  expect(feed).toMatch(/<atom:link href="https?:\/\/[^"]+\/rss\.xml" rel="self" type="application\/rss\+xml"\/>/);
  expect(feed).toContain('<language>en-us</language>');
  const built = /<lastBuildDate>([^<]+)<\/lastBuildDate>/.exec(feed)?.[1] ?? '';
  expect(new Date(built).getTime()).not.toBeNaN();
  expect(built).toMatch(/^\w{3}, \d{2} \w{3} \d{4} \d{2}:\d{2}:\d{2} GMT$/);
  expect(baseURL).toBeDefined();
});

test('/auth and /account say noindex and robots.txt lets crawlers read it', async ({ page, request }) => {
  const robots = await (await request.get('/robots.txt')).text();
  for (const path of ['/auth', '/account']) {
    expect(robots).not.toContain(`Disallow: ${path}\n`);
    await page.goto(path);
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
  }
});

test('the About page: story, where the figures come from, who writes, and no axe violations', async ({ page }) => {
  await page.goto('/about');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('About Springfield Home Maintenance');
  await expect(page.getByRole('heading', { name: 'Where our figures come from' })).toBeVisible();
  await expect(page.getByText('our own count of the homes we visit for the first time')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Who writes our articles' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.goto('/blog/how-to-change-air-filter');
  await page.getByRole('link', { name: 'The Springfield Home Maintenance team' }).click();
  await expect(page).toHaveURL(/\/about#who-writes$/);
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
