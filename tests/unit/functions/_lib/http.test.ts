import { describe, expect, test } from 'vitest';
import { HttpError, handler, json, readJsonObject, type Route } from '../../../../functions/_lib/http.ts';
import { findRoute } from '../../../../server/app.ts';

const post = (body: string, headers: Record<string, string> = { 'content-type': 'application/json' }) =>
  new Request('http://localhost/api/x', { method: 'POST', body, headers });

describe('readJsonObject', () => {
  test('parses a JSON object; an empty body is an empty object', async () => {
    expect(await readJsonObject(post('{"planType":"lite"}'))).toEqual({ planType: 'lite' });
    expect(await readJsonObject(post(''))).toEqual({});
  });

  test.each([
    ['{not json', 400, 'Request body must be valid JSON'],
    ['[1,2]', 400, 'Request body must be a JSON object'],
    ['"text"', 400, 'Request body must be a JSON object'],
    ['null', 400, 'Request body must be a JSON object'],
  ])('%s -> %d', async (body, status, message) => {
    await expect(readJsonObject(post(body))).rejects.toMatchObject({ status, message });
  });

  test('refuses other content types and oversized bodies', async () => {
    await expect(
      readJsonObject(post('a=1', { 'content-type': 'application/x-www-form-urlencoded' })),
    ).rejects.toMatchObject({ status: 415 });
    await expect(readJsonObject(post(`{"a":"${'x'.repeat(20_000)}"}`))).rejects.toMatchObject({ status: 413 });
  });
});

describe('handler', () => {
  test('answers 405 with Allow for other methods', async () => {
    const h = handler(['POST'], async () => json({ ok: true }));
    const res = await h(new Request('http://localhost/api/x'), {});
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('POST');
  });

  test('HttpErrors become their status with {error}; other errors a 500 without details', async () => {
    const bad = handler(['POST'], async () => {
      throw new HttpError(400, 'planType must be lite or full');
    });
    const res = await bad(post('{}'), {});
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: 'planType must be lite or full' });

    const broken = handler(['POST'], async () => {
      throw new Error('secret connection string leaked in a stack');
    });
    const err = await broken(post('{}'), {});
    expect(err.status).toBe(500);
    const text = await err.text();
    expect(text).not.toContain('secret');
    expect(text).not.toContain('at ');
  });
});

describe('findRoute', () => {
  const h = async () => new Response();
  const routes: Route[] = [
    { path: '/auth/v1', match: 'prefix', handler: h },
    { path: '/api/contact', match: 'exact', handler: h },
    { path: '/_dev', match: 'prefix', handler: h },
    { path: '/_dev/mail', match: 'prefix', handler: h },
  ];
  test.each([
    ['/auth/v1/token', '/auth/v1'],
    ['/auth/v1', '/auth/v1'],
    ['/auth/v10', undefined],
    ['/api/contact', '/api/contact'],
    ['/api/contact/x', undefined],
    ['/_dev/mail/1', '/_dev/mail'],
    ['/blog', undefined],
  ])('%s -> %s', (path, expected) => {
    expect(findRoute(routes, path)?.path).toBe(expected);
  });
});
