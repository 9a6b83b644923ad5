import icoEndec from 'ico-endec';
import { pngSize } from '../support/png';
import { ARTICLE_PAGES } from './pages';
import { expect, test } from './test';

test('home page head: title, description, canonical, social cards and valid JSON-LD', async ({ page, baseURL }) => {
  await page.goto('/');
  await expect(page).toHaveTitle('Home Maintenance in Springfield, MO | Springfield Home');
  const description = await page.locator('meta[name="description"]').getAttribute('content');
  expect(description?.length).toBeGreaterThan(50);
  expect(description?.length).toBeLessThanOrEqual(160);
  const canonical = await page.locator('link[rel="canonical"]').getAttribute('href');
  expect(canonical).toMatch(/^https?:\/\/[^/]+\/$/);
  expect(await page.locator('meta[property="og:url"]').getAttribute('content')).toBe(canonical);
  expect(await page.locator('meta[property="og:image"]').getAttribute('content')).toMatch(
    /^https?:\/\/.+\/og-default\.png$/,
  );
  expect(await page.locator('meta[name="twitter:card"]').getAttribute('content')).toBe('summary_large_image');

  expect(await page.locator('meta[property="og:image:alt"]').getAttribute('content')).toMatch(/^Springfield Home/);

  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  expect(blocks).toHaveLength(2);
  const site = JSON.parse(blocks[0] ?? '') as Record<string, unknown>;
  expect(site).toMatchObject({ '@type': 'WebSite', name: 'Springfield Home Maintenance' });
  const data = JSON.parse(blocks[1] ?? '') as Record<string, unknown>;
  expect(data['@type']).toBe('HomeAndConstructionBusiness');
  expect(data['telephone']).toBe('+14175550142');
  expect(data['priceRange']).toBe('$15-$500');
  expect(data['areaServed']).toBeInstanceOf(Array);
  expect(data['openingHoursSpecification']).toHaveLength(2);

  const image = await page.request.get(`${baseURL}/og-default.png`);
  expect(image.status()).toBe(200);
  expect(image.headers()['content-type']).toBe('image/png');
  expect(pngSize(await image.body())).toEqual({ width: 1200, height: 630 });
});

test('each article has its own 1200x630 preview image, described by its title (docs/product/site.md#preview-images)', async ({
  page,
}) => {
  const images = new Set<string>();
  for (const path of ARTICLE_PAGES) {
    await page.goto(path);
    const title = await page.getByRole('heading', { level: 1 }).textContent();
    const meta = (selector: string) => page.locator(`meta[${selector}]`).getAttribute('content');
    const src = await meta('property="og:image"');
    expect(src, path).toMatch(new RegExp(`^https?://[^/]+/og/${path.slice('/blog/'.length)}\\.png$`));
    expect(await meta('name="twitter:image"'), path).toBe(src);
    expect(await meta('property="og:image:alt"'), path).toBe(title);
    expect(await meta('name="twitter:image:alt"'), path).toBe(title);
    expect([await meta('property="og:image:width"'), await meta('property="og:image:height"')]).toEqual([
      '1200',
      '630',
    ]);
    const posting = (await page.locator('script[type="application/ld+json"]').allTextContents())
      .map((block) => JSON.parse(block) as Record<string, unknown>)
      .find((node) => node['@type'] === 'BlogPosting');
    expect(posting?.['image'], path).toBe(src);

    const image = await page.request.get(new URL(src ?? '', page.url()).pathname);
    expect(image.status(), path).toBe(200);
    expect(image.headers()['content-type'], path).toBe('image/png');
    expect(pngSize(await image.body()), path).toEqual({ width: 1200, height: 630 });
    images.add((await image.body()).toString('base64'));
  }
  // One picture per article, never a shared one.
  expect(images.size).toBe(ARTICLE_PAGES.length);
});

test('the house mark as files for Google Search and phones, none asked for while a page loads (docs/product/site.md#page-metadata)', async ({
  page,
}) => {
  const asked: string[] = [];
  page.on('request', (request) => asked.push(new URL(request.url()).pathname));
  await page.goto('/');
  // The tab's icon is in the page; the file is linked for what cannot use that.
  expect(await page.locator('link[rel="icon"]').getAttribute('href')).toMatch(/^data:image\/svg\+xml,/);
  expect(await page.locator('link[rel="apple-touch-icon"]').getAttribute('href')).toBe('/apple-touch-icon.png');
  expect(asked.filter((path) => /icon|\.ico$/.test(path))).toEqual([]);

  const touch = await page.request.get('/apple-touch-icon.png');
  expect(touch.status()).toBe(200);
  expect(touch.headers()['content-type']).toBe('image/png');
  expect(pngSize(await touch.body())).toEqual({ width: 180, height: 180 });

  // Where a browser showing a PDF, and Google's crawler, look without a link: 48 px among its sizes.
  const ico = await page.request.get('/favicon.ico');
  expect(ico.status()).toBe(200);
  expect(ico.headers()['content-type']).toBe('image/x-icon');
  const entries = icoEndec.decode(await ico.body());
  expect(entries.map(({ width, height, imageType }) => [width, height, imageType])).toEqual([
    [16, 16, 'png'],
    [32, 32, 'png'],
    [48, 48, 'png'],
  ]);
  expect(entries.map(({ imageData }) => pngSize(imageData))).toEqual(
    [16, 32, 48].map((size) => ({ width: size, height: size })),
  );
});

test('robots.txt blocks what is not a page and points at the sitemap', async ({ request }) => {
  const robots = await (await request.get('/robots.txt')).text();
  for (const path of ['/api', '/_dev', '/downloads']) {
    expect(robots).toContain(`Disallow: ${path}\n`);
  }
  // Private pages say noindex themselves (docs/product/site.md#page-metadata): a Disallow would hide it.
  for (const path of ['/auth', '/account', '/payment-success', '/webhook-test', '/owner', '/guides']) {
    expect(robots).not.toContain(`Disallow: ${path}\n`);
  }
  expect(robots).toMatch(/Sitemap: https?:\/\/.+\/sitemap-index\.xml/);
  const index = await (await request.get('/sitemap-index.xml')).text();
  expect(index).toContain('sitemap-0.xml');
  const sitemap = await (await request.get('/sitemap-0.xml')).text();
  expect(sitemap).toMatch(/<loc>https?:\/\/[^<]+\/<\/loc>/);
  expect(sitemap).toMatch(/<loc>https?:\/\/[^<]+\/services<\/loc>/);
  expect(sitemap).not.toContain('404');
  expect(sitemap).not.toContain('/auth<');
  expect(sitemap).not.toContain('/owner<');
  expect(sitemap).not.toContain('/guides/');
});
