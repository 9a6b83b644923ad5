/**
 * The provider's webhook signature, `X-Twilio-Signature` (docs/product/texts.md#texts-in-production-and-in-the-embedded-default):
 * the full URL the provider called (scheme, host, path, query), then every POST parameter sorted
 * by name as name followed by value, no separators (a repeated name: each of its values, sorted),
 * HMAC-SHA1 keyed with the account's Auth Token, in base64. The check accepts the URL with or
 * without its port, as the provider's own SDK does (`validateRequest`), and compares in constant
 * time. The embedded stand-in signs with the same function, so the real check runs offline.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

/** The parameters of a form post: as parsed, or as a name -> value(s) record. */
export type SignedParams = URLSearchParams | Readonly<Record<string, string | readonly string[]>>;

/** Each name's values, as the signature reads them. */
function entriesOf(params: SignedParams): Map<string, string[]> {
  const values = new Map<string, string[]>();
  const add = (name: string, value: string) => values.set(name, [...(values.get(name) ?? []), value]);
  if (params instanceof URLSearchParams) {
    for (const [name, value] of params) add(name, value);
  } else {
    for (const [name, value] of Object.entries(params)) for (const one of [value].flat()) add(name, one);
  }
  return values;
}

/** The signature the provider sends for a POST of `params` to `url`. */
export function twilioSignature(authToken: string, url: string, params: SignedParams): string {
  const values = entriesOf(params);
  // Sorted by UTF-16 code units, as the provider's SDKs sort (Object.keys(...).sort()).
  const signed = [...values.keys()].sort().reduce(
    (data, name) =>
      data +
      [...(values.get(name) ?? [])]
        .sort()
        .map((value) => name + value)
        .join(''),
    url,
  );
  return createHmac('sha1', authToken).update(signed, 'utf8').digest('base64');
}

/** The default port of a scheme, as the provider's SDK adds it. */
function defaultPort(protocol: string): string {
  return protocol === 'https:' ? '443' : '80';
}

/** `url` with its port written out (the scheme's default when it has none), and without one. */
export function urlVariants(url: string): string[] {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return [url];
  }
  const withPort = new URL(parsed.href);
  const port = parsed.port || defaultPort(parsed.protocol);
  const withoutPort = new URL(parsed.href);
  withoutPort.port = '';
  // URL drops a scheme's default port when set: write the host with its port by hand.
  const withPortHref = `${withPort.protocol}//${withPort.username ? `${withPort.username}${withPort.password ? `:${withPort.password}` : ''}@` : ''}${withPort.hostname}:${port}${withPort.pathname}${withPort.search}${withPort.hash}`;
  return [...new Set([url, withPortHref, withoutPort.href])];
}

/** Whether two base64 signatures are equal, in time that does not depend on where they differ. */
function sameSignature(a: string, b: string): boolean {
  const left = Buffer.from(a, 'utf8');
  const right = Buffer.from(b, 'utf8');
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * Whether `signature` (the X-Twilio-Signature header) is the provider's for a POST of `params` to
 * `url`, written with or without its port. A missing or empty signature, or an empty token, is never valid.
 */
export function validTwilioSignature(
  authToken: string,
  signature: string | null | undefined,
  url: string,
  params: SignedParams,
): boolean {
  if (!authToken || !signature) return false;
  let valid = false;
  // Every variant is computed and compared, so the time taken says nothing of which one matched.
  for (const variant of urlVariants(url)) {
    if (sameSignature(twilioSignature(authToken, variant, params), signature)) valid = true;
  }
  return valid;
}
