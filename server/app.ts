/**
 * The HTTP server of `npm start`: routes (functions, and in the embedded default the emulators and
 * the mailbox) first, then the built site's files, then the not-found page.
 */
import { createServer, STATUS_CODES, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { getRequestListener } from '@hono/node-server';
import type { Handler } from '../functions/_lib/http.ts';
import { canonicalRedirect, createNotFoundHandler, createStaticHandler } from './static.ts';
import { applySecurityHeaders, SECURITY_HEADERS } from './headers.ts';

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
}

/** The route for a path, if any: exact matches first, then the longest prefix. */
export function findRoute(routes: readonly Route[], pathname: string): Route | undefined {
  const exact = routes.find((r) => r.match === 'exact' && r.path === pathname);
  if (exact) return exact;
  return routes
    .filter((r) => r.match === 'prefix' && (pathname === r.path || pathname.startsWith(`${r.path}/`)))
    .sort((a, b) => b.path.length - a.path.length)[0];
}

/** Creates (but does not start) the HTTP server. */
export function createApp({ distDir, routes = [] }: AppOptions): Server {
  const serveStatic = createStaticHandler(distDir);
  const notFound = createNotFoundHandler(distDir);
  const dispatch = getRequestListener(
    async (request, env) => {
      const route = findRoute(routes, new URL(request.url).pathname);
      if (!route) return new Response('Not found', { status: 404 });
      return route.handler(request, { ip: env.incoming.socket.remoteAddress ?? '' });
    },
    { overrideGlobalObjects: false },
  );

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
  server.on('clientError', answerClientError);
  return server;

  function handle(req: IncomingMessage, res: ServerResponse): void {
    applySecurityHeaders(res);
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
  }
}

/**
 * What Node answers to bytes that are not HTTP (bad request line, oversized headers, broken
 * chunking), but with the security headers every other answer carries.
 */
export function answerClientError(error: NodeJS.ErrnoException, socket: Duplex): void {
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
  const headers = Object.entries(SECURITY_HEADERS)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\nContent-Type: text/plain; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\n${headers}\r\n${body}`,
  );
}
