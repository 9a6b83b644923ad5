/** Function answers gzip-encoded for the wire (docs/deploy.md: the server compresses, so a proxy need not). */
import { gunzipSync } from 'node:zlib';
import { describe, expect, test } from 'vitest';
import { acceptsGzip, compressAnswer, MIN_COMPRESSED_BYTES } from '../../../server/compress.ts';

const week = { visits: Array.from({ length: 200 }, (_, i) => ({ id: `v${i}`, status: 'requested', zip: '65714' })) };

function request(acceptEncoding?: string, method = 'GET'): Request {
  return new Request('http://127.0.0.1/api/owner/visits', {
    method,
    headers: acceptEncoding === undefined ? {} : { 'Accept-Encoding': acceptEncoding },
  });
}

function answer(body: string, type = 'application/json; charset=utf-8', extra: Record<string, string> = {}): Response {
  return new Response(body, { status: 200, headers: { 'Content-Type': type, 'Cache-Control': 'no-store', ...extra } });
}

describe('acceptsGzip', () => {
  test.each([
    ['gzip, deflate, br', true],
    ['br;q=1.0, gzip;q=0.8', true],
    ['*', true],
    ['GZIP', true],
    ['gzip;q=0', false],
    ['gzip; q=0.000', false],
    ['br', false],
    ['identity', false],
    ['', false],
  ])('%j: %s', (header, accepted) => {
    expect(acceptsGzip(header)).toBe(accepted);
  });
  test('no header', () => expect(acceptsGzip(null)).toBe(false));
});

describe('compressAnswer', () => {
  test('a large JSON answer goes gzip-encoded, the same JSON once decoded, headers and status kept', async () => {
    const text = JSON.stringify(week);
    const res = await compressAnswer(request('gzip, deflate'), answer(text, undefined, { 'X-Request': 'one' }));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBe('gzip');
    expect(res.headers.get('vary')).toBe('Accept-Encoding');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('x-request')).toBe('one');
    const sent = Buffer.from(await res.arrayBuffer());
    expect(sent.byteLength).toBeLessThan(text.length / 5);
    expect(gunzipSync(sent).toString('utf8')).toBe(text);
  });

  test('a refusal keeps its status; CSV and plain text are compressed too', async () => {
    const big = 'x'.repeat(MIN_COMPRESSED_BYTES * 2);
    const refused = new Response(JSON.stringify({ error: big }), {
      status: 400,
      headers: { 'Content-Type': 'application/json' },
    });
    const res = await compressAnswer(request('gzip'), refused);
    expect(res.status).toBe(400);
    expect(res.headers.get('content-encoding')).toBe('gzip');
    for (const type of ['text/csv; charset=utf-8', 'text/plain']) {
      expect((await compressAnswer(request('gzip'), answer(big, type))).headers.get('content-encoding')).toBe('gzip');
    }
  });

  test('left as it is: small, not accepted, HEAD, already encoded, or not text', async () => {
    const small = await compressAnswer(request('gzip'), answer('{"ok":true}'));
    expect(small.headers.get('content-encoding')).toBeNull();
    expect(small.headers.get('vary')).toBe('Accept-Encoding');
    expect(await small.text()).toBe('{"ok":true}');

    const text = JSON.stringify(week);
    for (const [req, res] of [
      [request(), answer(text)],
      [request('br'), answer(text)],
      [request('gzip', 'HEAD'), answer(text)],
      [request('gzip'), answer(text, 'application/json', { 'Content-Encoding': 'br' })],
      [request('gzip'), answer(text, 'application/pdf')],
    ] as const) {
      const out = await compressAnswer(req, res);
      expect(out).toBe(res);
    }
  });
});
