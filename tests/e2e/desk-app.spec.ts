/**
 * The desk as an app on a phone (docs/product/desk.md#owners-desk, "Installing the desk"): the
 * manifest the desk's page links, its fields and icons, and Chromium's own verdict that the page
 * can be installed.
 */
import { pngSize } from '../support/png';
import { expect, test } from './test';

test.use({ viewport: { width: 390, height: 844 } });

test('the desk links its manifest: standalone at /owner, the house mark at 192 and 512 px and maskable; Chromium finds it installable', async ({
  page,
  request,
}) => {
  await page.goto('/owner');
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBe('/owner.webmanifest');

  const answer = await request.get(href ?? '');
  expect(answer.headers()['content-type']).toBe('application/manifest+json');
  const manifest = (await answer.json()) as Record<string, unknown> & {
    icons: { src: string; sizes: string; type: string; purpose: string }[];
  };
  expect(manifest).toMatchObject({
    name: "Springfield Home Maintenance: Owner's Desk",
    short_name: 'Desk',
    start_url: '/owner',
    scope: '/owner',
    display: 'standalone',
    theme_color: '#115d57',
  });
  expect(manifest.icons.map(({ sizes, purpose }) => `${sizes} ${purpose}`)).toEqual([
    '192x192 any',
    '512x512 any',
    '512x512 maskable',
  ]);
  for (const icon of manifest.icons) {
    const file = await request.get(icon.src);
    expect(file.headers()['content-type'], icon.src).toBe(icon.type);
    const [width] = icon.sizes.split('x').map(Number);
    expect(pngSize(await file.body()), icon.src).toEqual({ width, height: width });
  }

  // Chromium's own reading: the manifest parses, and nothing but the test's private window stops installing.
  const cdp = await page.context().newCDPSession(page);
  const parsed = await cdp.send('Page.getAppManifest');
  expect(parsed.errors).toEqual([]);
  const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
  expect(installabilityErrors.map((e) => e.errorId).filter((id) => id !== 'in-incognito')).toEqual([]);

  // The customers' site is not an app: no other page links the manifest.
  await page.goto('/');
  await expect(page.locator('link[rel="manifest"]')).toHaveCount(0);
});
