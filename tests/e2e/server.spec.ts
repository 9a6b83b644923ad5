import { expect, test } from './test';

test.describe('Node server', () => {
  test('HTML is compressed, revalidated and carries the security headers', async ({ request }) => {
    const res = await request.get('/', { headers: { 'Accept-Encoding': 'br, gzip' } });
    expect(res.status()).toBe(200);
    const h = res.headers();
    expect(h['content-encoding']).toBe('br');
    expect(h['cache-control']).toBe('no-cache');
    expect(h['etag']).toBeTruthy();
    expect(h['x-content-type-options']).toBe('nosniff');
    expect(h['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(h['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(h['permissions-policy']).toContain('camera=()');
  });

  test('hashed assets are cached for a year', async ({ request }) => {
    // The home page's stylesheet, as the page names it: no browser needed to read one attribute.
    const html = await (await request.get('/')).text();
    const css = /<link rel="stylesheet" href="([^"]+)"/.exec(html)?.[1];
    expect(css).toMatch(/^\/_astro\//);
    const res = await request.get(css ?? '', { headers: { 'Accept-Encoding': 'gzip' } });
    expect(res.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers()['content-encoding']).toBe('gzip');
  });

  test('one URL form: trailing slashes and .html redirect permanently', async ({ request }) => {
    for (const [from, to] of [
      ['/index.html', '/'],
      ['/404.html', '/404'],
      ['/services/x/', '/services/x'],
    ] as const) {
      const res = await request.get(from, { maxRedirects: 0 });
      expect(res.status(), from).toBe(301);
      expect(res.headers()['location']).toBe(to);
    }
  });

  test('unknown paths and methods get the not-found page', async ({ request }) => {
    const res = await request.get('/../../etc/passwd');
    expect(res.status()).toBe(404);
    const post = await request.post('/nothing-here', { data: {} });
    expect(post.status()).toBe(404);
  });
});
