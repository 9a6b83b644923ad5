/**
 * Static file serving for the built site: precompressed brotli/gzip variants, long-lived caching
 * for hashed assets, revalidation for HTML, one URL form (no trailing slash, no `.html`), and the
 * site's own not-found page with status 404.
 */
import { existsSync, readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import sirv from 'sirv';
import { DESK_WORKER_URL } from '../src/features/owner/offline/register-worker.ts';
import { normalizePath } from '../src/lib/paths.ts';
import { acceptsEncoding } from './compress.ts';

const YEAR_SECONDS = 31_536_000;

/**
 * Cache-Control for a request path: hashed assets forever, HTML always revalidated, and the desk's
 * service worker too (its name has no hash: the browser must see each build's at once).
 */
export function cacheControlFor(pathname: string): string {
  if (pathname === DESK_WORKER_URL) return 'no-cache';
  if (pathname.startsWith('/_astro/')) return `public, max-age=${YEAR_SECONDS}, immutable`;
  if (/\.(?:png|jpe?g|webp|avif|svg|ico|woff2?)$/.test(pathname)) return 'public, max-age=86400';
  if (/\.(?:xml|txt)$/.test(pathname)) return 'public, max-age=3600';
  return 'no-cache';
}

/** Types of the built files that sirv's table (mrmime) does not know: without one, no Content-Type is sent. */
const EXTRA_TYPES: Readonly<Record<string, string>> = { '.ico': 'image/x-icon' };

/** The Content-Type for a path sirv cannot name, or null when sirv's own is right. */
export function extraContentType(pathname: string): string | null {
  const extension = /\.[a-z0-9]+$/i.exec(pathname)?.[0]?.toLowerCase();
  return (extension && EXTRA_TYPES[extension]) || null;
}

/**
 * Where a request path should permanently redirect to, or null when it is already canonical:
 * `/page/` and `/page.html` become `/page`, `/index.html` becomes `/`, and leading slashes collapse
 * so the Location can never be protocol-relative (`//host`).
 */
export function canonicalRedirect(pathname: string): string | null {
  const target = normalizePath(pathname);
  return target === pathname ? null : target;
}

/**
 * Whether sirv can serve a Range header as it is: one `bytes=start-end` with start <= end, or
 * `bytes=start-`. Anything else (reversed, suffix, multiple or malformed ranges) is ignored and the
 * whole file sent, as RFC 9110 allows.
 */
export function isServableRange(range: string): boolean {
  const match = /^bytes=(\d{1,15})-(\d{0,15})$/.exec(range.trim());
  if (!match) return false;
  return match[2] === '' || Number(match[1]) <= Number(match[2]);
}

/**
 * Paths that open a built page of another path: the page reads its own address. `/owner/visits/<id>`
 * opens the desk on that visit (docs/product/desk.md#owners-desk, "A link to one thing"). Netlify
 * rewrites the same paths (netlify.toml, `netlify` here: tests/unit/repo/deployment-config.test.ts).
 */
export const PAGE_REWRITES: readonly { pattern: RegExp; page: string; netlify: string }[] = [
  { pattern: /^\/owner\/visits\/[^/]+$/, page: '/owner', netlify: '/owner/visits/*' },
];

/** The page a path opens when it is one of PAGE_REWRITES, else null. */
export function rewrittenPage(pathname: string): string | null {
  return PAGE_REWRITES.find(({ pattern }) => pattern.test(pathname))?.page ?? null;
}

/** A request handler that serves `distDir`, calling `next` for paths it has no file for. */
export function createStaticHandler(distDir: string) {
  // Without a build (e.g. integration tests of the functions) every path falls through to `next`.
  if (!existsSync(distDir)) return (_req: IncomingMessage, _res: ServerResponse, next: () => void): void => next();
  const serve = sirv(distDir, {
    etag: true,
    gzip: true,
    brotli: true,
    extensions: ['html'],
    setHeaders(res, pathname) {
      res.setHeader('Cache-Control', cacheControlFor(pathname));
      const type = extraContentType(pathname);
      if (type) res.setHeader('Content-Type', type);
    },
  });
  return (req: IncomingMessage, res: ServerResponse, next: () => void): void => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    // The not-found page's own file is no page: /404 answers 404 like any unknown path.
    if (normalizePath(new URL(req.url ?? '/', 'http://localhost').pathname) === '/404') return next();
    // sirv trusts the Range header: `bytes=5-1` made it throw and took the whole server down.
    if (req.headers.range !== undefined && !isServableRange(req.headers.range)) delete req.headers.range;
    const url = new URL(req.url ?? '/', 'http://localhost');
    const page = rewrittenPage(url.pathname);
    if (page) req.url = page + url.search;
    serve(req, res, next);
  };
}

/** The not-found page's encodings, best first, as the build wrote them beside 404.html. */
const ENCODINGS = [
  { name: 'br', suffix: '.br' },
  { name: 'gzip', suffix: '.gz' },
] as const;

/**
 * Sends the built not-found page (or plain text if the build has none) with status 404, compressed
 * as the site's other pages are when the browser accepts it: 7 KB instead of 31.
 */
export function createNotFoundHandler(distDir: string) {
  const read = (file: string): Buffer | null => {
    try {
      return readFileSync(join(distDir, file));
    } catch {
      return null;
    }
  };
  const page = read('404.html');
  const encoded = ENCODINGS.flatMap(({ name, suffix }) => {
    const body = page ? read(`404.html${suffix}`) : null;
    return body ? [{ name, body }] : [];
  });
  return (req: IncomingMessage, res: ServerResponse): void => {
    res.statusCode = 404;
    res.setHeader('Cache-Control', 'no-cache');
    if (!page) {
      res.setHeader('Content-Type', 'text/plain; charset=utf-8');
      res.end('Not found');
      return;
    }
    res.setHeader('Content-Type', 'text/html; charset=utf-8');
    res.setHeader('Vary', 'Accept-Encoding');
    const header = req.headers['accept-encoding'];
    const accepted = Array.isArray(header) ? header.join(',') : (header ?? null);
    const best = encoded.find(({ name }) => acceptsEncoding(accepted, name));
    if (best) res.setHeader('Content-Encoding', best.name);
    res.end(best ? best.body : page);
  };
}
