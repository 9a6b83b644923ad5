/**
 * The HTTP server of `npm start`: routes (functions, and in the embedded default the emulators and
 * the mailbox) first, then the built site's files, then the not-found page.
 */
import { createServer, type Server } from 'node:http';
import { getRequestListener } from '@hono/node-server';
import type { Handler } from '../functions/_lib/http.ts';
import { canonicalRedirect, createNotFoundHandler, createStaticHandler } from './static.ts';
import { applySecurityHeaders } from './headers.ts';

/** A fetch-style handler mounted at a path (`exact`) or under a path prefix. */
export interface Route {
  path: string;
  match: 'exact' | 'prefix';
  handler: Handler;
}

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

/** Creates (but does not start) the HTTP server. */
export function createApp({ distDir, routes = [], hsts = false }: AppOptions): Server {
  const serveStatic = createStaticHandler(distDir);
  const notFound = createNotFoundHandler(distDir);
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

  return createServer((req, res) => {
    applySecurityHeaders(res, { hsts });
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (findRoute(routes, url.pathname)) {
      void dispatch(req, res);
      return;
    }
    const redirect = canonicalRedirect(url.pathname);
    if (redirect && (req.method === 'GET' || req.method === 'HEAD')) {
      res.writeHead(301, { Location: redirect + url.search, 'Cache-Control': 'public, max-age=3600' });
      res.end();
      return;
    }
    serveStatic(req, res, () => notFound(req, res));
  });
}
