import { mkdtempSync, writeFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import {
  cacheControlFor,
  canonicalRedirect,
  rewrittenPage,
  createNotFoundHandler,
  extraContentType,
  isServableRange,
} from '../../../server/static.ts';

describe('canonicalRedirect', () => {
  test.each([
    ['/', null],
    ['/blog', null],
    ['/blog/', '/blog'],
    ['/blog.html', '/blog'],
    ['/index.html', '/'],
    ['/blog/index.html', '/blog'],
    ['//evil.example/', '/evil.example'],
    ['///x', '/x'],
  ])('%s -> %s', (path, expected) => {
    expect(canonicalRedirect(path)).toBe(expected);
  });
});

describe('rewrittenPage: paths that open another built page', () => {
  test.each([
    ['/owner/visits/0b9c2f4e-6a1d-4c53-9d3e-2f1a8b7c6d5e', '/owner'],
    ['/owner/visits/not-an-id', '/owner'],
    ['/owner/visits', null],
    ['/owner/visits/a/b', null],
    ['/owner', null],
    ['/account/visits/x', null],
  ])('%s -> %s', (path, page) => {
    expect(rewrittenPage(path)).toBe(page);
  });
});

describe('cacheControlFor', () => {
  test.each([
    ['/_astro/client.abc123.js', 'public, max-age=31536000, immutable'],
    ['/', 'no-cache'],
    ['/blog', 'no-cache'],
    ['/favicon.svg', 'public, max-age=86400'],
    ['/sitemap-index.xml', 'public, max-age=3600'],
  ])('%s -> %s', (path, expected) => {
    expect(cacheControlFor(path)).toBe(expected);
  });
});

describe('extraContentType: what sirv cannot name', () => {
  test.each([
    ['/favicon.ico', 'image/x-icon'],
    ['/FAVICON.ICO', 'image/x-icon'],
    ['/apple-touch-icon.png', null],
    ['/', null],
    ['/ico', null],
  ])('%s -> %s', (path, expected) => {
    expect(extraContentType(path)).toBe(expected);
  });
});

describe('isServableRange (sirv threw on bytes=5-1 and took the server down)', () => {
  test.each([
    ['bytes=0-10', true],
    ['bytes=5-', true],
    ['bytes=7-7', true],
    ['bytes=5-1', false],
    ['bytes=-1', false],
    ['bytes=0-1,5-6', false],
    ['bytes=abc', false],
    ['items=0-1', false],
    ['bytes=99999999999999999999-', false],
  ])('%s -> %s', (range, servable) => {
    expect(isServableRange(range)).toBe(servable);
  });
});

describe("createNotFoundHandler: the site's not-found page, compressed as the other pages are", () => {
  const dir = mkdtempSync(join(tmpdir(), 'not-found-'));
  writeFileSync(join(dir, '404.html'), '<h1>Page not found</h1>');
  writeFileSync(join(dir, '404.html.br'), 'BROTLI');
  writeFileSync(join(dir, '404.html.gz'), 'GZIP');
  const handler = createNotFoundHandler(dir);

  function send(acceptEncoding?: string) {
    const headers: Record<string, string> = {};
    const sent = { status: 0, headers, body: '' };
    const res = {
      set statusCode(code: number) {
        sent.status = code;
      },
      setHeader: (name: string, value: string) => void (headers[name.toLowerCase()] = value),
      end: (body: Buffer | string) => void (sent.body = body.toString()),
    };
    const req = { headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } };
    handler(req as unknown as IncomingMessage, res as unknown as ServerResponse);
    return sent;
  }

  test.each([
    ['gzip, deflate, br, zstd', 'br', 'BROTLI'],
    ['gzip', 'gzip', 'GZIP'],
    ['br;q=0, gzip', 'gzip', 'GZIP'],
    ['identity', undefined, '<h1>Page not found</h1>'],
    [undefined, undefined, '<h1>Page not found</h1>'],
  ])('Accept-Encoding %s: %s', (accept, encoding, body) => {
    const sent = send(accept);
    expect(sent.status).toBe(404);
    expect(sent.body).toBe(body);
    expect(sent.headers['content-encoding']).toBe(encoding);
    expect(sent.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(sent.headers['vary']).toBe('Accept-Encoding');
  });

  test('without a built page, plain text', () => {
    const empty = createNotFoundHandler(mkdtempSync(join(tmpdir(), 'no-build-')));
    const sent = { status: 0, body: '', type: '' };
    empty(
      { headers: { 'accept-encoding': 'br' } } as unknown as IncomingMessage,
      {
        set statusCode(code: number) {
          sent.status = code;
        },
        setHeader: (name: string, value: string) => void (name === 'Content-Type' && (sent.type = value)),
        end: (body: string) => void (sent.body = body),
      } as unknown as ServerResponse,
    );
    expect(sent).toEqual({ status: 404, body: 'Not found', type: 'text/plain; charset=utf-8' });
  });
});
