/**
 * fast-check generators of hostile requests: wrong types, missing and extra fields, huge bodies,
 * unicode (including NUL and unpaired surrogates), malformed JSON and form encoding, wrong
 * content types and methods, hostile headers. Each case says what a correct server does with it.
 */
import fc from 'fast-check';
import type { Probe } from './http.ts';

/** What a correct server does with a case. */
export type Expectation = 'reject' | 'accept' | 'either';

/** A request and its expected fate. */
export interface Case {
  kind: string;
  probe: Probe;
  expect: Expectation;
  /** The field a refusal must name. */
  field?: string;
  /** Rows an accepted case stores, per table (`schema.table`). */
  stores?: Record<string, number>;
}

/** Strings that have broken servers before. */
export const NASTY_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udfffy',
  '\uffff',
  '\u202e',
  '\r\n',
  '../../../../etc/passwd',
  '..\\..\\windows\\win.ini',
  '%00',
  '%2e%2e%2f',
  '<script>alert(1)</script>',
  "' OR '1'='1' --",
  '"; drop table leads; --',
  '${7*7}',
  '{{7*7}}',
  '__proto__',
  'constructor',
  'prototype',
  'null',
  'undefined',
  'NaN',
  '1e309',
  '-0',
  'true',
  '𝔘𝔫𝔦𝔠𝔬𝔡𝔢 ✓ 日本語 العربية',
  '👩‍👩‍👧‍👦🏳️‍🌈',
  'Z̤͔ͧ̑̓ä͖̭̈̇lͮ̒ͫǧ̗͚̚o̙̔ͮ̇͐̇',
  'javascript:alert(1)',
  'http://evil.example/',
  '//evil.example',
];

/** Any string: nasty ones, any code points (unpaired surrogates included), printable ASCII. */
export const junkString: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(...NASTY_STRINGS),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.string({ maxLength: 40 }),
);

/** Any JSON value that is not a string. */
export const nonString: fc.Arbitrary<unknown> = fc.oneof(
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 4 }),
  fc.dictionary(junkString, fc.jsonValue({ maxDepth: 2 }), { maxKeys: 4 }),
);

/** Any JSON value. */
export const anyJson: fc.Arbitrary<unknown> = fc.oneof(junkString, nonString, fc.jsonValue({ maxDepth: 3 }));

/** Keys that try prototype pollution, plus random ones. */
export const extraKey: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom('__proto__', 'constructor', 'prototype', 'amount', 'price', 'unit_amount', 'isAdmin', 'role', 'id'),
  fc.string({ minLength: 1, maxLength: 20 }),
);

/** JSON text that is not valid JSON. */
export function malformedJson(valid: fc.Arbitrary<unknown>): fc.Arbitrary<string> {
  return fc.oneof(
    // A valid body cut short: never valid JSON again.
    valid.chain((value) => {
      const text = JSON.stringify(value);
      return fc.integer({ min: 1, max: Math.max(1, text.length - 1) }).map((n) => text.slice(0, n));
    }),
    fc.constantFrom(
      '{',
      '}',
      '{"a":}',
      '{a:1}',
      "{'a':1}",
      '{"a":1,}',
      '[1,2',
      'nul',
      'tru',
      '{"a":"\\x"}',
      '\u0000',
      '{"a":"b"}}',
    ),
    fc.string({ maxLength: 60 }).filter((text) => {
      try {
        JSON.parse(text);
        return false;
      } catch {
        return text.trim() !== '';
      }
    }),
  );
}

/** A form-encoded body that is malformed or hostile. */
export const malformedForm: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom('%', '%zz=1', 'a=%E0%A4%A', '&&&==&', 'a[=1', 'a]=1', 'a[b=1', '=', '%00=%00', 'a=%ED%A0%80'),
  fc
    .array(fc.tuple(fc.string({ maxLength: 10 }), fc.string({ maxLength: 10 })), { maxLength: 8 })
    .map((pairs) => pairs.map(([k, v]) => `${k}=${v}`).join('&')),
  fc.nat({ max: 40 }).map((depth) => `${'a'}${'[b]'.repeat(depth)}=1`),
);

/** A body bigger than `maxBytes`, as JSON (one huge field) or raw bytes. */
export function hugeBody(maxBytes: number): fc.Arbitrary<string | Buffer> {
  return fc
    .integer({ min: maxBytes + 1, max: maxBytes * 4 })
    .chain((size) =>
      fc.oneof(
        fc.constant(JSON.stringify({ name: 'x'.repeat(size) })),
        fc.constant(Buffer.alloc(size, 0x7b)),
        fc.constant(`[${'1,'.repeat(Math.ceil(size / 2))}1]`),
      ),
    );
}

/** Headers a hostile client adds to a request that is otherwise fine. */
export const hostileHeaders: fc.Arbitrary<Record<string, string>> = fc.record(
  {
    'x-forwarded-for': fc.constantFrom('1.2.3.4', '127.0.0.1, 10.0.0.1', 'unknown', '::1'),
    'x-forwarded-host': fc.constantFrom('evil.example', 'localhost:1'),
    'user-agent': fc.oneof(
      fc.constant('x'.repeat(8000)),
      fc.string({ unit: 'binary-ascii', maxLength: 30 }).map(latin1Safe),
    ),
    origin: fc.constantFrom('https://evil.example', 'null', 'file://'),
    referer: fc.constantFrom('https://evil.example/', '\u00e9'),
    cookie: fc.constantFrom('session=1; admin=true', 'sb-access-token=x', ''),
    'accept-encoding': fc.constantFrom('br;q=abc', 'gzip, deflate, br, zstd', '*;q=0', 'identity;q=0'),
    'content-encoding': fc.constantFrom('gzip', 'br', 'identity'),
    'x-http-method-override': fc.constantFrom('DELETE', 'PUT'),
    expect: fc.constantFrom('100-continue'),
    'idempotency-key': fc.oneof(fc.constant('k'.repeat(300)), fc.string({ maxLength: 20 }).map(latin1Safe)),
    'x-supabase-api-version': fc.constantFrom('2024-01-01', '1999-01-01', 'banana', '9999-99-99'),
  },
  { requiredKeys: [] },
);

/** Drops characters Node refuses in a header value (control characters other than tab). */
export function latin1Safe(text: string): string {
  return text.replace(/[^\t\x20-\x7e\x80-\xff]/g, '');
}

/** Methods other than the allowed ones. */
export function otherMethod(allowed: readonly string[]): fc.Arbitrary<string> {
  return fc
    .constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'TRACE', 'PROPFIND', 'FOO')
    .filter((m) => !allowed.includes(m));
}

/** What kind of value a field must hold. */
export type FieldType = 'string' | 'boolean' | 'object' | 'number';

/** A JSON value that is surely not of `type` (never null: an absent optional field may be sent as null). */
export function wrongTypeFor(type: FieldType): fc.Arbitrary<unknown> {
  const others = nonString.filter((value) => {
    if (value === null) return false;
    if (type === 'boolean') return typeof value !== 'boolean';
    if (type === 'number') return typeof value !== 'number';
    if (type === 'object') return typeof value !== 'object' || Array.isArray(value);
    return true;
  });
  return type === 'string' ? others : fc.oneof(others, junkString);
}

/** A JSON endpoint: its valid bodies and the rules a correct server holds them to. */
export interface JsonEndpoint {
  method: string;
  path: string;
  /** Bodies that pass validation. */
  valid: fc.Arbitrary<Record<string, unknown>>;
  /** Fields that must be present, with the type they must have. */
  required: Record<string, FieldType>;
  /** Optional fields with their type. */
  optional?: Record<string, FieldType>;
  /** Whether a valid body with extra fields is accepted (and what it stores). */
  acceptsValid?: { stores: Record<string, number> } | false;
  /** What any accepted request stores, when bodies other than `valid` can be accepted too. */
  storesOnSuccess?: Record<string, number>;
  /** Whether an HTML form post is a second way in. */
  acceptsForm?: boolean;
  /** The body limit. */
  maxBytes: number;
  /** Headers sent with every case (auth). */
  headers?: Record<string, string>;
  /** Whether a string with NUL or an unpaired surrogate must be refused (it would be stored). */
  storesText?: boolean;
}

const json = { 'content-type': 'application/json' };

// In JSON text, NUL and unpaired surrogates appear as \u escapes.
const UNSTORABLE = /\\u0000|\\ud[89ab][0-9a-f]{2}(?!\\ud[c-f])|(?<!\\ud[89ab][0-9a-f]{2})\\ud[c-f][0-9a-f]{2}/i;

function withHeaders(endpoint: JsonEndpoint, extra: Record<string, string> = {}): Record<string, string> {
  return { ...json, ...endpoint.headers, ...extra };
}

/** Every kind of bad (and some good) request to a JSON endpoint. */
export function jsonEndpointCases(endpoint: JsonEndpoint): fc.Arbitrary<Case> {
  const { method, path, valid, required } = endpoint;
  const fields = { ...required, ...endpoint.optional };
  const requiredNames = Object.keys(required);
  const fieldNames = Object.keys(fields);
  const probe = (body: string | Buffer | undefined, headers = withHeaders(endpoint), m = method): Probe => ({
    method: m,
    path,
    headers,
    ...(body === undefined ? {} : { body }),
  });
  const accepted = endpoint.acceptsValid ? 'accept' : 'either';
  const stores = endpoint.storesOnSuccess ?? (endpoint.acceptsValid ? endpoint.acceptsValid.stores : undefined);

  const cases: fc.Arbitrary<Case>[] = [
    malformedJson(valid).map((body) => ({ kind: 'malformed JSON', probe: probe(body), expect: 'reject' as const })),
    fc.constantFrom('[]', 'null', '1', '"text"', 'true', '[{}]').map((body) => ({
      kind: 'not an object',
      probe: probe(body),
      expect: 'reject' as const,
    })),
    hugeBody(endpoint.maxBytes).map((body) => ({ kind: 'huge body', probe: probe(body), expect: 'reject' as const })),
    fc
      .tuple(
        valid,
        fc.constantFrom('text/plain', 'application/xml', 'multipart/form-data; boundary=x', 'application/jsonx', ''),
      )
      .map(([body, type]) => ({
        kind: 'wrong content type',
        probe: probe(JSON.stringify(body), { ...endpoint.headers, ...(type ? { 'content-type': type } : {}) }),
        expect: 'reject' as const,
      })),
    fc.tuple(valid, otherMethod([method, 'OPTIONS', 'HEAD'])).map(([body, m]) => ({
      kind: 'wrong method',
      probe: probe(JSON.stringify(body), withHeaders(endpoint), m),
      expect: 'reject' as const,
    })),
    fc.tuple(valid, fc.dictionary(extraKey, anyJson, { minKeys: 1, maxKeys: 6 })).map(([body, extra]) => {
      // JSON.stringify of an object with a "__proto__" own key keeps it, as an attacker would send it.
      const text = JSON.stringify(Object.assign(Object.create(null) as object, extra, body));
      // Extra fields are ignored, but text no database can hold is refused wherever it is.
      const expectation: Expectation = endpoint.storesText && UNSTORABLE.test(text) ? 'reject' : accepted;
      return { kind: 'extra fields', probe: probe(text), expect: expectation, ...(stores ? { stores } : {}) };
    }),
    fc.tuple(valid, hostileHeaders).map(([body, headers]) => ({
      kind: 'hostile headers',
      probe: probe(JSON.stringify(body), withHeaders(endpoint, headers)),
      expect: 'either' as const,
      ...(stores ? { stores } : {}),
    })),
  ];
  if (fieldNames.length > 0) {
    cases.push(
      fc.tuple(valid, fc.constantFrom(...fieldNames)).chain(([body, field]) =>
        wrongTypeFor(fields[field] ?? 'string').map((value) => ({
          kind: 'wrong type',
          probe: probe(JSON.stringify({ ...body, [field]: value })),
          expect: 'reject' as const,
          field,
        })),
      ),
      fc.tuple(valid, fc.constantFrom(...fieldNames), junkString).map(([body, field, text]) => {
        const unstorable = text.includes('\u0000') || !text.isWellFormed();
        const expectation: Expectation = endpoint.storesText && unstorable ? 'reject' : 'either';
        return {
          kind: 'unicode and nasty strings',
          probe: probe(JSON.stringify({ ...body, [field]: text })),
          expect: expectation,
          ...(expectation === 'reject' ? { field } : {}),
          ...(stores ? { stores } : {}),
        };
      }),
    );
  }
  if (requiredNames.length > 0) {
    cases.push(
      fc.tuple(valid, fc.constantFrom(...requiredNames)).map(([body, field]) => {
        const rest = { ...body };
        delete rest[field];
        return { kind: 'missing field', probe: probe(JSON.stringify(rest)), expect: 'reject' as const, field };
      }),
    );
  }
  if (endpoint.acceptsForm) {
    cases.push(
      malformedForm.map((body) => ({
        kind: 'malformed form',
        probe: probe(body, { ...endpoint.headers, 'content-type': 'application/x-www-form-urlencoded' }),
        expect: 'either' as const,
        ...(stores ? { stores } : {}),
      })),
    );
  }
  // Whatever the category, an accepted request stores what the endpoint stores.
  return fc.oneof(...cases).map((c) => (stores ? { ...c, stores } : c));
}
