/**
 * Decodes Stripe's request encoding: `application/x-www-form-urlencoded` pairs whose keys use qs
 * brackets (`line_items[0][price_data][unit_amount]=2500`, `metadata[user_id]=...`, `expand[]=x`)
 * into nested plain objects. Arrays stay objects keyed "0", "1", ... here; the parameter readers
 * decide where a list is expected, so `metadata[0]` remains a metadata key.
 */
import { StripeError } from './errors.ts';

/** A decoded parameter tree: strings at the leaves. */
export interface Params {
  [key: string]: string | Params;
}

const MAX_PAIRS = 1000;
const MAX_DEPTH = 8;
// Keys that would reach Object.prototype through plain assignment.
const FORBIDDEN = new Set(['__proto__', 'constructor', 'prototype']);

function malformed(key: string, why: string): StripeError {
  return new StripeError(400, 'invalid_request_error', `Invalid parameter ${key}: ${why}`, {
    code: 'parameter_invalid',
    param: key,
  });
}

/** `a[b][0][c]` -> ['a', 'b', '0', 'c']; throws on unbalanced brackets. */
export function keySegments(key: string): string[] {
  const match = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(key);
  if (!match?.[1]) throw malformed(key, 'brackets are not balanced');
  const rest = match[2] ?? '';
  return [match[1], ...[...rest.matchAll(/\[([^[\]]*)\]/g)].map((m) => m[1] ?? '')];
}

/** Decodes URL-encoded pairs into a parameter tree. Later duplicates of a plain key win, as in qs. */
export function parseForm(body: string | URLSearchParams): Params {
  const pairs = typeof body === 'string' ? new URLSearchParams(body) : body;
  const root: Params = {};
  let count = 0;
  for (const [key, value] of pairs) {
    count += 1;
    if (count > MAX_PAIRS) throw new StripeError(400, 'invalid_request_error', 'Too many parameters in one request.');
    // Postgres cannot store a NUL character: refuse it here as a bad parameter, not later as a crash.
    if (key.includes('\u0000')) throw malformed(key.replaceAll('\u0000', '\\0'), 'contains a NUL character');
    if (value.includes('\u0000')) throw malformed(key, 'the value contains a NUL character');
    const segments = keySegments(key);
    if (segments.length > MAX_DEPTH) throw malformed(key, 'nested too deeply');
    let node = root;
    segments.forEach((raw, index) => {
      let segment = raw;
      // `list[]` appends: the next free index of that list.
      if (segment === '') segment = String(Object.keys(node).length);
      if (FORBIDDEN.has(segment)) throw malformed(key, `"${segment}" is not an allowed key`);
      const last = index === segments.length - 1;
      const existing = node[segment];
      if (last) {
        if (typeof existing === 'object') throw malformed(key, 'given both as a value and as a hash');
        node[segment] = value;
        return;
      }
      if (typeof existing === 'string') throw malformed(key, 'given both as a value and as a hash');
      const child: Params = existing ?? {};
      node[segment] = child;
      node = child;
    });
  }
  return root;
}

/** The list a parameter holds when its keys are 0..n-1, else null. */
export function asList(value: string | Params | undefined): (string | Params)[] | null {
  if (value === undefined || typeof value === 'string') return null;
  const keys = Object.keys(value);
  if (!keys.every((k) => /^(0|[1-9]\d*)$/.test(k))) return null;
  const indexes = keys.map(Number).sort((a, b) => a - b);
  if (!indexes.every((n, i) => n === i)) return null;
  return indexes.map((n) => value[String(n)] as string | Params);
}
