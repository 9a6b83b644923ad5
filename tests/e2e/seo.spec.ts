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
});

test('robots.txt blocks what is not a page and points at the sitemap', async ({ request }) => {
  const robots = await (await request.get('/robots.txt')).text();
  for (const path of ['/api', '/_dev', '/downloads']) {
    expect(robots).toContain(`Disallow: ${path}\n`);
  }
  // Private pages say noindex themselves (docs/product.md#page-metadata): a Disallow would hide it.
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
