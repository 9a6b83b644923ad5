/**
 * HTTP helpers shared by the functions: JSON answers, `{error}` bodies, bounded JSON parsing and a
 * wrapper that turns thrown HttpErrors into their status and anything else into a plain 500
 * (never a stack trace in a response), and gives every answer the functions' security headers.
 */
import { functionSecurityHeaders } from '../../../src/lib/security-headers.ts';
import { requireDeployedConfig } from './config.ts';
import { HttpError } from './http-error.ts';

/** The endpoints throw it with the other helpers of this module at hand. */
export { HttpError };

/** What Netlify (and our Node server) pass as a function's second argument. */
export interface FunctionContext {
  /** The client's IP address, for rate limits. */
  ip?: string;
  /** The values of the path's `:name` segments (`/api/owner/visits/:id`), as Netlify passes them. */
  params?: Record<string, string>;
}

/** A function module's request handler. */
export type Handler = (req: Request, context: FunctionContext) => Promise<Response>;

/**
 * A handler mounted at a path (`exact`) or under a path prefix: how the Node server and the
 * `astro dev` back end mount the functions and the embedded default's emulators alike.
 */
export interface Route {
  path: string;
  /** `pattern`: a path with `:name` segments, each matching one segment of the request's path. */
  match: 'exact' | 'prefix' | 'pattern';
  handler: Handler;
}

/** The `:name` values of `pathname` when it fits `pattern` segment for segment, else null. */
export function matchPattern(pattern: string, pathname: string): Record<string, string> | null {
  const want = pattern.split('/');
  const got = pathname.split('/');
  if (want.length !== got.length) return null;
  const params: Record<string, string> = {};
  for (const [i, part] of want.entries()) {
    const value = got[i] ?? '';
    if (part.startsWith(':')) {
      if (value === '') return null;
      try {
        params[part.slice(1)] = decodeURIComponent(value);
      } catch {
        return null;
      }
    } else if (part !== value) return null;
  }
  return params;
}

/** A JSON response, never cached. */
export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store', ...headers },
  });
}

/** The largest JSON body a function accepts by default. */
export const MAX_JSON_BYTES = 16 * 1024;

/** How deeply a JSON body may nest; Postgres refuses to store much deeper JSON anyway. */
export const MAX_JSON_DEPTH = 32;

/**
 * Whether text cannot be stored as Postgres text or jsonb: a NUL character, or an unpaired UTF-16
 * surrogate (which JSON's \uD800 escapes can carry but no UTF-8 database can hold).
 */
export function isUnstorableText(text: string): boolean {
  return text.includes('\u0000') || !text.isWellFormed();
}

/**
 * The first problem that would make a decoded body fail in the database rather than in validation:
 * the dotted path and reason of a string (or key) holding unstorable text, or of nesting past
 * `MAX_JSON_DEPTH`; null when there is none.
 */
export function unstorableIn(value: unknown): string | null {
  const stack: { value: unknown; path: string; depth: number }[] = [{ value, path: '', depth: 0 }];
  while (stack.length > 0) {
    const { value: node, path, depth } = stack.pop() as { value: unknown; path: string; depth: number };
    const at = (key: string) => (path ? `${path}.${key}` : key);
    if (typeof node === 'string') {
      if (isUnstorableText(node)) return `${path || 'body'}: must not contain NUL characters or unpaired surrogates`;
      continue;
    }
    if (typeof node !== 'object' || node === null) continue;
    if (depth >= MAX_JSON_DEPTH) return `${path || 'body'}: nested too deeply (at most ${MAX_JSON_DEPTH} levels)`;
    for (const [key, child] of Object.entries(node)) {
      if (isUnstorableText(key))
        return `${path || 'body'}: a field name contains NUL characters or unpaired surrogates`;
      stack.push({ value: child, path: at(key), depth: depth + 1 });
    }
  }
  return null;
}

/** Reads a JSON object body: 415 when it is not JSON, 413 when too large, 400 when malformed. */
export async function readJsonObject(req: Request, maxBytes = MAX_JSON_BYTES): Promise<Record<string, unknown>> {
  const type = req.headers.get('content-type') ?? '';
  if (!/^application\/json\b/i.test(type)) throw new HttpError(415, 'Content-Type must be application/json');
  const declared = Number(req.headers.get('content-length') ?? 0);
  if (declared > maxBytes) throw new HttpError(413, `Request body must be at most ${maxBytes} bytes`);
  const text = await readLimited(req, maxBytes);
  if (text.trim() === '') return {};
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new HttpError(400, 'Request body must be valid JSON');
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new HttpError(400, 'Request body must be a JSON object');
  }
  const problem = unstorableIn(body);
  if (problem) throw new HttpError(400, problem);
  return body as Record<string, unknown>;
}

/** A request body read by `readJsonOrForm`, and whether it came from a plain HTML form. */
export interface SubmittedBody {
  body: Record<string, unknown>;
  fromForm: boolean;
}

/**
 * Reads a JSON object or an HTML form post (application/x-www-form-urlencoded), so a form works
 * before its script loads or without one; 415 for anything else.
 */
export async function readJsonOrForm(req: Request, maxBytes = MAX_JSON_BYTES): Promise<SubmittedBody> {
  const type = req.headers.get('content-type') ?? '';
  if (/^application\/json\b/i.test(type)) return { body: await readJsonObject(req, maxBytes), fromForm: false };
  if (!/^application\/x-www-form-urlencoded\b/i.test(type)) {
    throw new HttpError(415, 'Content-Type must be application/json or application/x-www-form-urlencoded');
  }
  const declared = Number(req.headers.get('content-length') ?? 0);
  if (declared > maxBytes) throw new HttpError(413, `Request body must be at most ${maxBytes} bytes`);
  const params = new URLSearchParams(await readLimited(req, maxBytes));
  // No prototype: a field named __proto__ or constructor is just a field.
  const body: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
  // A repeated field keeps its first value, as a form with one control per name sends.
  for (const [name, value] of params) if (!Object.hasOwn(body, name)) body[name] = value;
  const problem = unstorableIn(body);
  if (problem) throw new HttpError(400, problem);
  return { body, fromForm: true };
}

/** The request body as text, refusing more than `maxBytes` even without a Content-Length. */
export async function readLimited(req: Request, maxBytes: number): Promise<string> {
  if (!req.body) return '';
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      throw new HttpError(413, `Request body must be at most ${maxBytes} bytes`);
    }
    chunks.push(value);
  }
  return new TextDecoder().decode(Buffer.concat(chunks));
}

/**
 * The request's `Idempotency-Key` (the lead forms send a new UUID per submission), or null when it
 * has none; 400 naming the header when it is not 1 to 255 visible ASCII characters.
 */
export function readIdempotencyKey(req: Request): string | null {
  const key = req.headers.get('idempotency-key');
  if (key === null) return null;
  if (!/^[\x21-\x7e]{1,255}$/.test(key)) {
    throw new HttpError(400, 'Idempotency-Key: must be 1 to 255 visible ASCII characters, e.g. a UUID');
  }
  return key;
}

/** `res` with the functions' security headers added (a header the function set itself wins). */
function secured(res: Response, requestUrl: string): Response {
  const headers = new Headers(res.headers);
  for (const [name, value] of Object.entries(functionSecurityHeaders(requestUrl))) {
    if (!headers.has(name)) headers.set(name, value);
  }
  return new Response(res.body, { status: res.status, statusText: res.statusText, headers });
}

/** What a handler serves besides its methods. */
export interface HandlerOptions {
  /**
   * Who calls it: `browser` (the default) refuses a state-changing request that another site's
   * page sent (crossSiteProblem); `server` is for signed server-to-server calls such as the card
   * provider's webhook, which carry no browser headers and must not depend on them.
   */
  callers?: 'browser' | 'server';
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The answer to a cross-site request. */
export const CROSS_SITE_MESSAGE =
  "Cross-site request refused: this site's forms and buttons only accept requests from its own pages.";

/**
 * Why a state-changing request must be refused as cross-site, or null. A browser says where a
 * request comes from: `Sec-Fetch-Site` (every current browser) must be `same-origin` (or `none`,
 * typed by the user); without it, an `Origin` header must name this site (its host, whatever the
 * scheme a reverse proxy terminated, or SITE_URL). A request with neither did not come from a
 * page in a browser, so there is no visitor to protect (the site sets no cookies either).
 */
export function crossSiteProblem(req: Request, siteUrl = process.env['SITE_URL']): string | null {
  if (SAFE_METHODS.has(req.method)) return null;
  const fetchSite = req.headers.get('sec-fetch-site');
  if (fetchSite !== null) return fetchSite === 'same-origin' || fetchSite === 'none' ? null : CROSS_SITE_MESSAGE;
  const origin = req.headers.get('origin');
  if (origin === null) return null;
  try {
    const from = new URL(origin);
    if (from.host === new URL(req.url).host) return null;
    if (siteUrl && from.origin === new URL(siteUrl).origin) return null;
  } catch {
    // `null` (a sandboxed frame, a privacy redirect) or garbage: not this site.
  }
  return CROSS_SITE_MESSAGE;
}

/** Whether `error` says the client went away while its request was read (an aborted upload). */
function clientWentAway(error: unknown, req: Request): boolean {
  if (req.signal.aborted) return true;
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  return code === 'ECONNRESET' || code === 'ERR_STREAM_PREMATURE_CLOSE' || message === 'aborted';
}

/**
 * Wraps a handler: only `methods` are allowed; a browser request from another site is refused
 * (HandlerOptions); errors become `{error}` JSON answers (an upload the client abandoned is one
 * log line, not a stack trace); on Netlify a half-configured site answers 503 (see
 * requireDeployedConfig); every answer is secured.
 */
export function handler(
  methods: readonly string[],
  fn: Handler,
  { callers = 'browser' }: HandlerOptions = {},
): Handler {
  const run: Handler = async (req, context) => {
    if (!methods.includes(req.method)) {
      return json({ error: `Method ${req.method} not allowed` }, 405, { Allow: methods.join(', ') });
    }
    const crossSite = callers === 'browser' ? crossSiteProblem(req) : null;
    if (crossSite) return json({ error: crossSite }, 403);
    try {
      requireDeployedConfig();
      return await fn(req, context);
    } catch (error) {
      if (error instanceof HttpError) return json({ error: error.message }, error.status, error.headers);
      const path = new URL(req.url).pathname;
      if (clientWentAway(error, req)) {
        console.warn(`${req.method} ${path}: the client closed the connection before its request arrived`);
        return json({ error: 'The request did not arrive whole.' }, 400);
      }
      console.error(`${path} failed:`, error);
      return json({ error: 'Something went wrong on our side. Please try again.' }, 500);
    }
  };
  return async (req, context) => secured(await run(req, context), req.url);
}

/** handler() for a signed server-to-server endpoint (the card provider's webhook): no cross-site check. */
export function serverHandler(methods: readonly string[], fn: Handler): Handler {
  return handler(methods, fn, { callers: 'server' });
}
