/**
 * The guards added for issue 10, as pure functions: Range headers sirv can serve, text Postgres
 * can store, webhook objects that match their type, the order of same-second subscription events,
 * the data-dir check, and the answer to requests Node cannot parse.
 */
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  isUnstorableText,
  MAX_JSON_DEPTH,
  readJsonObject,
  readJsonOrForm,
  unstorableIn,
} from '../../../functions/_lib/http.ts';
import { eventProblem, eventRank } from '../../../functions/_lib/provider-objects.ts';
import { answerClientError } from '../../../server/app.ts';
import { HSTS } from '../../../src/lib/security-headers.ts';
import { checkDataDir, DataDirError } from '../../../server/data-dir.ts';
import { checkCard } from '../../../server/embedded/stripe/hosted/card.ts';
import { parseForm } from '../../../server/embedded/stripe/form.ts';
import { isServableRange } from '../../../server/static.ts';

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
    expect(card).toMatchObject({ ok: false, errors: { name: expect.stringContaining('not allowed') } });
  });
});

describe('webhook events', () => {
  const base = { id: 'evt_1', created: 1_700_000_000 };

  test('an object that is not what its type promises is a problem naming the field', () => {
    expect(eventProblem({ ...base, type: 'customer.subscription.updated', data: { object: null } })).toBe(
      'data.object: must be a subscription for customer.subscription.updated',
    );
    expect(
      eventProblem({
        ...base,
        type: 'customer.subscription.updated',
        data: { object: { id: 'sub_1', object: 'subscription', status: 'active' } },
      }),
    ).toBe('data.object.customer: must be a customer id');
    expect(eventProblem({ ...base, type: 'invoice.paid', data: { object: { object: 'invoice' } } })).toBe(
      'data.object.id: must be a string',
    );
    expect(eventProblem({ id: 'evt_1', type: 'invoice.paid', data: {} })).toBe('created: must be a unix time');
    expect(
      eventProblem({
        ...base,
        type: 'customer.subscription.deleted',
        data: { object: { id: 'sub_1', object: 'subscription', customer: { id: 'cus_1' }, status: 'canceled' } },
      }),
    ).toBeNull();
    expect(eventProblem({ ...base, type: 'customer.created', data: { object: 'anything' } })).toBeNull();
  });

  test('within one second a subscription is created, then updated, then deleted', () => {
    expect(eventRank('customer.subscription.created')).toBeLessThan(eventRank('customer.subscription.updated'));
    expect(eventRank('customer.subscription.updated')).toBeLessThan(eventRank('customer.subscription.deleted'));
  });
});

describe('checkDataDir', () => {
  let base = '';
  beforeAll(async () => {
    base = await mkdtemp(join(tmpdir(), 'shm-datadir-'));
  });
  afterAll(async () => {
    await rm(base, { recursive: true, force: true });
  });

  test('a missing folder is created; its database folder is where PGlite keeps its files', () => {
    expect(checkDataDir(join(base, 'new', 'data'))).toBe(join(base, 'new', 'data', 'pglite'));
  });

  test('a file, a path through a file, a foreign folder and a garbage PG_VERSION are refused with what to do', async () => {
    await writeFile(join(base, 'file'), 'x');
    expect(() => checkDataDir(join(base, 'file'))).toThrow(/is a file, not a folder/);
    expect(() => checkDataDir(join(base, 'file', 'inside'))).toThrow(/part of its path is a file/);
    await mkdir(join(base, 'foreign', 'pglite'), { recursive: true });
    await writeFile(join(base, 'foreign', 'pglite', 'notes.txt'), 'x');
    expect(() => checkDataDir(join(base, 'foreign'))).toThrow(DataDirError);
    expect(() => checkDataDir(join(base, 'foreign'))).toThrow(/not a database folder/);
    await mkdir(join(base, 'damaged', 'pglite'), { recursive: true });
    await writeFile(join(base, 'damaged', 'pglite', 'PG_VERSION'), 'garbage');
    expect(() => checkDataDir(join(base, 'damaged'))).toThrow(/Move the folder away/);
  });
});

describe('answerClientError', () => {
  test('unparseable requests get 400 (431 for huge headers) with the security headers, then the connection closes', async () => {
    for (const [code, status] of [
      ['HPE_INVALID_METHOD', 400],
      ['HPE_HEADER_OVERFLOW', 431],
    ] as const) {
      const socket = new PassThrough();
      const written: Buffer[] = [];
      socket.on('data', (chunk: Buffer) => written.push(chunk));
      const error = Object.assign(new Error('parse error'), { code });
      answerClientError(error, socket);
      await new Promise((resolve) => socket.on('end', resolve));
      const text = Buffer.concat(written).toString();
      expect(text).toMatch(new RegExp(`^HTTP/1\\.1 ${status} `));
      expect(text).toContain('X-Content-Type-Options: nosniff');
      expect(text).toContain('Connection: close');
      expect(text).not.toContain('Strict-Transport-Security');
    }
  });

  test('in production the 400 also carries HSTS', async () => {
    const socket = new PassThrough();
    const written: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => written.push(chunk));
    answerClientError(Object.assign(new Error('parse error'), { code: 'HPE_INVALID_METHOD' }), socket, true);
    await new Promise((resolve) => socket.on('end', resolve));
    expect(Buffer.concat(written).toString()).toContain(`Strict-Transport-Security: ${HSTS}\r\n`);
  });
});
