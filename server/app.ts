/**
 * The HTTP server of `npm start`: routes (functions, and in the embedded default the emulators and
 * the mailbox) first, then the built site's files, then the not-found page.
 */
import { createServer, STATUS_CODES, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { getRequestListener } from '@hono/node-server';
import type { Route } from '../functions/_lib/http.ts';
import { canonicalRedirect, createNotFoundHandler, createStaticHandler } from './static.ts';
import { HSTS, STATIC_SECURITY_HEADERS } from '../src/lib/security-headers.ts';
import { applySecurityHeaders } from './headers.ts';

export interface AppOptions {
  /** The folder holding the built site (`dist/`). */
  distDir: string;
  routes?: readonly Route[];
  /** Send Strict-Transport-Security (production, behind an HTTPS reverse proxy). */
  hsts?: boolean;
}

/** The route for a path, if any: exact matches first, then the longest prefix. */
export function findRoute(routes: readonly Route[], pathname: string): Route | undefined {
  const exact = routes.find((r) => r.match === 'exact' && r.path === pathname);
  if (exact) return exact;
  return routes
    .filter((r) => r.match === 'prefix' && (pathname === r.path || pathname.startsWith(`${r.path}/`)))
    .sort((a, b) => b.path.length - a.path.length)[0];
}

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/**
 * The visitor's address, for per-IP limits. Behind a reverse proxy on this machine (Caddy, nginx:
 * docs/deploy.md) every connection comes from loopback, so the address the proxy appended to
 * X-Forwarded-For is used instead; from anywhere else the header is ignored, since a visitor can
 * send any value in it.
 */
export function clientIp(peer: string, forwardedFor: string | string[] | undefined): string {
  if (!LOOPBACK.has(peer) || forwardedFor === undefined) return peer;
  const hops = (Array.isArray(forwardedFor) ? forwardedFor.join(',') : forwardedFor)
    .split(',')
    .map((hop) => hop.trim())
    .filter(Boolean);
  return hops.at(-1) ?? peer;
}

/**
 * A Node listener for `routes`: when one matches the request it calls `prepare` on the response
 * (e.g. to set headers), answers it (as a fetch-style Request) and returns true; otherwise it
 * returns false and leaves the response alone. The server below and the `astro dev` back end
 * (scripts/dev-backend.ts) mount routes through it.
 */
export function createRouteListener(
  routes: readonly Route[],
  prepare: (res: ServerResponse) => void = () => {},
): (req: IncomingMessage, res: ServerResponse) => boolean {
  const dispatch = getRequestListener(
    async (request, env) => {
      const route = findRoute(routes, new URL(request.url).pathname);
      if (!route) return new Response('Not found', { status: 404 });
      return route.handler(request, {
        ip: clientIp(env.incoming.socket.remoteAddress ?? '', env.incoming.headers['x-forwarded-for']),
      });
    },
    { overrideGlobalObjects: false },
  );
  return (req, res) => {
    if (!findRoute(routes, new URL(req.url ?? '/', 'http://localhost').pathname)) return false;
    prepare(res);
    void dispatch(req, res);
    return true;
  };
}

/** Creates (but does not start) the HTTP server. */
export function createApp({ distDir, routes = [], hsts = false }: AppOptions): Server {
  const serveStatic = createStaticHandler(distDir);
  const notFound = createNotFoundHandler(distDir);
  const answerRoute = createRouteListener(routes);

  const server = createServer((req, res) => {
    try {
      handle(req, res);
    } catch (error) {
      // A throw here would be uncaught and end the process: one bad request must not stop the site.
      console.error(`${req.method} ${req.url ?? ''} failed:`, error);
      if (res.headersSent) res.destroy();
      else {
        res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' });
        res.end('Something went wrong on our side. Please try again.\n');
      }
    }
  });
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => answerClientError(error, socket, hsts));
  return server;

  function handle(req: IncomingMessage, res: ServerResponse): void {
    applySecurityHeaders(res, { hsts });
    if (answerRoute(req, res)) return;
    const url = new URL(req.url ?? '/', 'http://localhost');
    const redirect = canonicalRedirect(url.pathname);
    if (redirect && (req.method === 'GET' || req.method === 'HEAD')) {
      res.writeHead(301, { Location: redirect + url.search, 'Cache-Control': 'public, max-age=3600' });
      res.end();
      return;
    }
    serveStatic(req, res, () => notFound(req, res));
  }
}

/**
 * What Node answers to bytes that are not HTTP (bad request line, oversized headers, broken
 * chunking), but with the security headers every other answer carries.
 */
export function answerClientError(error: NodeJS.ErrnoException, socket: Duplex, hsts = false): void {
  if (error.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  const status =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? 431
      : error.code === 'HPE_CHUNK_EXTENSIONS_OVERFLOW'
        ? 413
        : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
          ? 408
          : 400;
  const reason = STATUS_CODES[status] ?? 'Bad Request';
  const body = `${reason}\n`;
  const headers = Object.entries({ ...STATIC_SECURITY_HEADERS, ...(hsts ? { 'Strict-Transport-Security': HSTS } : {}) })
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\nContent-Type: text/plain; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\n${headers}\r\n${body}`,
  );
}
