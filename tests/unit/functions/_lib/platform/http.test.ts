import { describe, expect, test } from 'vitest';
import {
  CROSS_SITE_MESSAGE,
  crossSiteProblem,
  HttpError,
  handler,
  isUnstorableText,
  json,
  MAX_JSON_DEPTH,
  readJsonObject,
  readIdempotencyKey,
  readJsonOrForm,
  serverHandler,
  unstorableIn,
} from '../../../../../functions/_lib/platform/http.ts';
import { parseForm } from '../../../../../server/embedded/stripe/form.ts';
import { checkCard } from '../../../../../server/embedded/stripe/hosted/card.ts';

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
    const h = handler(['POST'], () => Promise.resolve(json({ ok: true })));
    const res = await h(new Request('http://localhost/api/x'), {});
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('POST');
  });

  test('HttpErrors become their status with {error}; other errors a 500 without details', async () => {
    const bad = handler(['POST'], () => Promise.reject(new HttpError(400, 'planType must be lite or full')));
    const res = await bad(post('{}'), {});
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: 'planType must be lite or full' });

    const broken = handler(['POST'], () => Promise.reject(new Error('secret connection string leaked in a stack')));
    const err = await broken(post('{}'), {});
    expect(err.status).toBe(500);
    const text = await err.text();
    expect(text).not.toContain('secret');
    expect(text).not.toContain('at ');
  });
});

describe('text Postgres can store', () => {
  test('NUL and unpaired surrogates cannot be stored; paired surrogates and other unicode can', () => {
    expect(isUnstorableText('a\u0000b')).toBe(true);
    expect(isUnstorableText('\ud800')).toBe(true);
    expect(isUnstorableText('x\udfff')).toBe(true);
    expect(isUnstorableText('👩‍👩‍👧 日本語 ‮')).toBe(false);
  });

  test('unstorableIn names the field, including nested ones and keys', () => {
    expect(unstorableIn({ name: 'Pat', email: 'a\u0000@b.c' })).toBe(
      'email: must not contain NUL characters or unpaired surrogates',
    );
    expect(unstorableIn({ data: { full_name: '\ud83d' } })).toMatch(/^data\.full_name: /);
    expect(unstorableIn({ data: { 'k\u0000': 1 } })).toBe(
      'data: a field name contains NUL characters or unpaired surrogates',
    );
    expect(unstorableIn({ ok: ['fine', { deeper: 'still fine' }] })).toBeNull();
  });

  test(`nesting deeper than ${MAX_JSON_DEPTH} levels is refused`, () => {
    let deep: unknown = 'leaf';
    for (let i = 0; i < MAX_JSON_DEPTH + 1; i += 1) deep = { a: deep };
    expect(unstorableIn(deep)).toMatch(/nested too deeply/);
  });

  test('the body readers answer 400 naming the field; a form field named __proto__ is only a field', async () => {
    const post = (body: string, type: string) =>
      new Request('http://localhost/api/x', { method: 'POST', body, headers: { 'content-type': type } });
    await expect(readJsonObject(post('{"phone":"1\\u0000"}', 'application/json'))).rejects.toMatchObject({
      status: 400,
      message: 'phone: must not contain NUL characters or unpaired surrogates',
    });
    const { body } = await readJsonOrForm(
      post('__proto__=x&constructor=y&name=Pat', 'application/x-www-form-urlencoded'),
    );
    expect(Object.getPrototypeOf(body)).toBeNull();
    expect(body['__proto__']).toBe('x');
    expect(body['constructor']).toBe('y');
    await expect(readJsonOrForm(post('name=%00', 'application/x-www-form-urlencoded'))).rejects.toMatchObject({
      status: 400,
    });
  });

  test('the Stripe emulator refuses NUL in a parameter; the card form refuses control characters in the name', () => {
    expect(() => parseForm('email=a%00b')).toThrow(/NUL/);
    const card = checkCard(
      { number: '4242 4242 4242 4242', expiry: '12 / 40', cvc: '123', name: 'Pat\u0000' },
      new Date(),
      false,
    );
    expect(card).toMatchObject({ ok: false, errors: { name: expect.stringContaining('not allowed') as unknown } });
  });
});

describe('crossSiteProblem', () => {
  const request = (method: string, headers: Record<string, string>, url = 'http://127.0.0.1:4321/api/contact') =>
    new Request(url, { method, headers });

  test.each([
    [{ 'sec-fetch-site': 'same-origin' }, null],
    [{ 'sec-fetch-site': 'none' }, null],
    [{ 'sec-fetch-site': 'same-site' }, CROSS_SITE_MESSAGE],
    [{ 'sec-fetch-site': 'cross-site', origin: 'http://127.0.0.1:4321' }, CROSS_SITE_MESSAGE],
    [{ origin: 'http://127.0.0.1:4321' }, null],
    // Behind the HTTPS proxy the request arrives over plain HTTP: the host decides.
    [{ origin: 'https://127.0.0.1:4321' }, null],
    [{ origin: 'https://www.springfieldhome.example' }, null],
    [{ origin: 'https://evil.example' }, CROSS_SITE_MESSAGE],
    [{ origin: 'null' }, CROSS_SITE_MESSAGE],
    [{}, null],
  ])('POST with %j -> %s', (headers, expected) => {
    expect(crossSiteProblem(request('POST', headers), 'https://www.springfieldhome.example')).toBe(expected);
  });

  test('reading is never refused', () => {
    expect(crossSiteProblem(request('GET', { 'sec-fetch-site': 'cross-site' }))).toBeNull();
  });

  test('handler answers 403 before running; a server-to-server handler is not checked', async () => {
    let ran = 0;
    const fn = () => {
      ran += 1;
      return Promise.resolve(json({ ok: true }));
    };
    const crossSite = new Request('http://localhost/api/x', {
      method: 'POST',
      headers: { 'sec-fetch-site': 'cross-site' },
      body: '{}',
    });
    const refused = await handler(['POST'], fn)(crossSite, {});
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ error: CROSS_SITE_MESSAGE });
    expect(ran).toBe(0);
    expect((await serverHandler(['POST'], fn)(crossSite, {})).status).toBe(200);
  });
});

describe('readIdempotencyKey', () => {
  const withKey = (key?: string) =>
    new Request('http://localhost/api/lead', {
      method: 'POST',
      headers: key === undefined ? {} : { 'idempotency-key': key },
    });

  test('absent is null; a UUID or any visible ASCII up to 255 characters is the key', () => {
    expect(readIdempotencyKey(withKey())).toBeNull();
    expect(readIdempotencyKey(withKey('6f1c1a8e-0d7e-4f4e-9a59-3f0c2b1f7d10'))).toBe(
      '6f1c1a8e-0d7e-4f4e-9a59-3f0c2b1f7d10',
    );
    expect(readIdempotencyKey(withKey('k'.repeat(255)))).toBe('k'.repeat(255));
  });

  test.each(['k'.repeat(256), 'two words', '', 'caf\u00e9'])('%j is refused with a 400 naming the header', (key) => {
    expect(() => readIdempotencyKey(withKey(key))).toThrow(
      expect.objectContaining({ status: 400, message: expect.stringMatching(/^Idempotency-Key: /) as unknown }),
    );
  });
});
