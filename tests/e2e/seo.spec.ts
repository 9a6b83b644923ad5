import icoEndec from 'ico-endec';
import { pngSize } from '../support/png';
import { ARTICLE_PAGES } from './pages';
import { expect, test } from './test';

// What the pages' heads and structured data say, and the images' sizes, are read from dist/ (tests/built/seo.test.ts).
test("the preview images are served as PNG files: the default one and each article's (docs/product/site.md#preview-images)", async ({
  request,
}) => {
  const paths = ['/og-default.png', ...ARTICLE_PAGES.map((path) => `/og/${path.slice('/blog/'.length)}.png`)];
  for (const path of paths) {
    const image = await request.get(path);
    expect(image.status(), path).toBe(200);
    expect(image.headers()['content-type'], path).toBe('image/png');
    expect(pngSize(await image.body()), path).toEqual({ width: 1200, height: 630 });
  }
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
