/**
 * The HTTP server of `npm start`: routes (functions, and in the embedded default the emulators and
 * the mailbox) first, then the built site's files, then the not-found page.
 */
import { createServer, STATUS_CODES, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { getRequestListener } from '@hono/node-server';
import { matchPattern, type Route } from '../functions/_lib/platform/http.ts';
import { clientKey } from '../functions/_lib/platform/rate-limit.ts';
import { canonicalRedirect, createNotFoundHandler, createStaticHandler } from './static.ts';
import { HSTS, STATIC_SECURITY_HEADERS } from '../src/lib/security-headers.ts';
import { compressAnswer } from './compress.ts';
import { applySecurityHeaders } from './headers.ts';

export interface AppOptions {
  /** The folder holding the built site (`dist/`). */
  distDir: string;
  routes?: readonly Route[];
  /** Send Strict-Transport-Security (production, behind an HTTPS reverse proxy). */
  hsts?: boolean;
  /** Limits for slow and greedy clients (default CLIENT_LIMITS; tests shorten them). */
  limits?: Partial<ClientLimits>;
  /**
   * Which Host headers are answered (the embedded default: server/embedded/hosts.ts); any other is
   * refused with 421 before a route or file is reached. Unset: every Host (production, behind its proxy).
   */
  allowedHost?: (host: string | undefined) => boolean;
}

/** What one client may hold of the server. */
export interface ClientLimits {
  /** How long a client may take to send a whole request, headers and body. */
  requestTimeoutMs: number;
  /** How long it may take to send the headers. */
  headersTimeoutMs: number;
  /** How long a kept-alive connection may sit idle between requests before the server closes it. */
  keepAliveMs: number;
  /**
   * Open connections per client (an IPv4 address, an IPv6 /64). Loopback is not limited: there
   * every connection is the reverse proxy's (docs/deploy.md), which has limits of its own.
   */
  connectionsPerClient: number;
  /** How much of a body answered early is read away, and for how long, before the connection is cut. */
  drain: { bytes: number; ms: number };
}

/**
 * How much of a body the server reads away after answering before it has all arrived (a 413 for
 * an over-long body, a refusal that never reads it), and for how long, before it cuts the
 * connection: a client still sending past these is no browser or curl (docs/product/messages.md#server-answers).
 */
export const DRAIN_LIMITS = { bytes: 5 * 1024 * 1024, ms: 10_000 };

/**
 * About 30 s to send a request (Node's default let a slow body hold a connection for 300 s), and
 * 64 connections per client: a browser opens 6 per site, so a household of phones and laptops
 * behind one address stays well inside it.
 *
 * An idle connection is kept 130 s, longer than the reverse proxy keeps one of its own (Caddy: 2
 * minutes; docs/deploy.md): whoever reuses a connection must be the one to close it. With Node's
 * 5 s the server closed connections the proxy still held, and a request the proxy sent into one
 * just as it closed was reset: a 502 for the visitor, a reset for the tests' HTTP client.
 */
export const CLIENT_LIMITS: ClientLimits = {
  requestTimeoutMs: 30_000,
  headersTimeoutMs: 30_000,
  keepAliveMs: 130_000,
  connectionsPerClient: 64,
  drain: DRAIN_LIMITS,
};

/** The route for a path, if any: exact matches first, then patterns (`/api/x/:id`), then the longest prefix. */
export function findRoute(routes: readonly Route[], pathname: string): Route | undefined {
  const exact = routes.find((r) => r.match === 'exact' && r.path === pathname);
  if (exact) return exact;
  const pattern = routes.find((r) => r.match === 'pattern' && matchPattern(r.path, pathname));
  if (pattern) return pattern;
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
  drain = DRAIN_LIMITS,
): (req: IncomingMessage, res: ServerResponse) => boolean {
  const dispatch = getRequestListener(
    async (request, env) => {
      const { pathname } = new URL(request.url);
      const route = findRoute(routes, pathname);
      if (!route) return new Response('Not found', { status: 404 });
      const params = route.match === 'pattern' ? matchPattern(route.path, pathname) : null;
      const response = await route.handler(request, {
        ip: clientIp(env.incoming.socket.remoteAddress ?? '', env.incoming.headers['x-forwarded-for']),
        ...(params ? { params } : {}),
      });
      // The functions' answers only: the emulators' stay as the services they stand for send them.
      return pathname.startsWith('/api/') ? compressAnswer(request, response) : response;
    },
    { overrideGlobalObjects: false },
  );
  return (req, res) => {
    if (!findRoute(routes, new URL(req.url ?? '/', 'http://localhost').pathname)) return false;
    prepare(res);
    closeIfAnsweredEarly(req, res, drain);
    void dispatch(req, res);
    return true;
  };
}

/**
 * Marks an answer sent before its request body has all arrived `Connection: close`, so a client
 * reusing kept-alive connections never sends into a closing one, and reads the rest of that body
 * away before closing (drainAfterAnswer).
 */
function closeIfAnsweredEarly(req: IncomingMessage, res: ServerResponse, drain = DRAIN_LIMITS): void {
  const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => ServerResponse;
  res.writeHead = (...args: unknown[]) => {
    if (!req.complete) {
      res.setHeader('Connection', 'close');
      drainAfterAnswer(req, res, drain);
    }
    return writeHead(...args);
  };
}

/**
 * Once the early answer is written, Node (and the fetch adapter, after 500 ms) would close the
 * socket while the body still arrives: unread bytes make the kernel reset the connection, and a
 * client still sending may never read the answer ("connection reset" instead of the 413). Instead
 * the answer goes out followed by a half-close, the rest of the body is read and dropped, and the
 * connection closes when the client closes its side, or is cut past DRAIN_LIMITS.
 */
export function drainAfterAnswer(req: IncomingMessage, res: ServerResponse, limits = DRAIN_LIMITS): void {
  const socket = req.socket;
  const cut = () => socket.destroy();
  const timer = setTimeout(cut, limits.ms);
  timer.unref();
  socket.once('close', () => clearTimeout(timer));
  // Closing "soon" (after the answer) ends the writing side only; the reading side stays open.
  socket.destroySoon = () => {
    if (socket.writable) socket.end();
  };
  res.once('finish', () => {
    let read = 0;
    // Whoever was reading the body (a function's stream) is done with it: drop the rest.
    req.removeAllListeners('data');
    req.on('data', (chunk: Buffer) => {
      read += chunk.length;
      if (read > limits.bytes) cut();
    });
    req.resume();
  });
}

/** Creates (but does not start) the HTTP server. */
export function createApp({ distDir, routes = [], hsts = false, limits = {}, allowedHost }: AppOptions): Server {
  const { requestTimeoutMs, headersTimeoutMs, keepAliveMs, connectionsPerClient, drain } = {
    ...CLIENT_LIMITS,
    ...limits,
  };
  const serveStatic = createStaticHandler(distDir);
  const notFound = createNotFoundHandler(distDir);
  const answerRoute = createRouteListener(routes, undefined, drain);
  const refused = new WeakSet<Socket>();

  const server = createServer(
    {
      requestTimeout: requestTimeoutMs,
      headersTimeout: headersTimeoutMs,
      keepAliveTimeout: keepAliveMs,
      // How often Node looks for requests past those timeouts (its default, 30 s, doubles them).
      connectionsCheckingInterval: Math.min(2_000, headersTimeoutMs),
    },
    (req, res) => {
      // Over its connection cap: already answered 503 on the socket.
      if (refused.has(req.socket)) {
        res.destroy();
        return;
      }
      closeWhenStopping(res);
      try {
        handle(req, res);
      } catch (error) {
        // A throw here would be uncaught and end the process: one bad request must not stop the site.
        // The path only: a query may carry a link's token (pay, book again, unsubscribe, calendar).
        console.error(`${req.method} ${(req.url ?? '').split('?')[0]} failed:`, error);
        if (res.headersSent) res.destroy();
        else {
          res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' });
          res.end('Something went wrong on our side. Please try again.\n');
        }
      }
    },
  );
  /**
   * Once close() is called the server waits for its connections, and a kept-alive one would hold it
   * for the whole keep-alive time: an answer begun after it closes its connection, and one in
   * flight closes the connections then idle as soon as it is out.
   */
  function closeWhenStopping(res: ServerResponse): void {
    if (!server.listening) {
      res.shouldKeepAlive = false;
      return;
    }
    res.once('finish', () => {
      if (!server.listening) setImmediate(() => server.closeIdleConnections());
    });
  }
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => answerClientError(error, socket, hsts));
  server.on('connection', capConnections(connectionsPerClient, hsts, refused));
  return server;

  function handle(req: IncomingMessage, res: ServerResponse): void {
    applySecurityHeaders(res, { hsts });
    if (allowedHost && !allowedHost(req.headers.host)) {
      res.writeHead(421, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' });
      res.end('Misdirected Request: this local server answers only to localhost, 127.0.0.1 and [::1] (and HOST).\n');
      return;
    }
    if (answerRoute(req, res)) return;
    const url = new URL(req.url ?? '/', 'http://localhost');
    // No function answers this path: the API's own error shape, whatever the method or a trailing slash.
    if (url.pathname === '/api' || url.pathname.startsWith('/api/')) {
      res.writeHead(404, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' });
      res.end(JSON.stringify({ error: `No such API: ${req.method ?? 'GET'} ${url.pathname}` }));
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

/** How often a client kept at the connection cap is logged again: once a minute at most. */
const REFUSAL_LOG_INTERVAL_MS = 60_000;

/**
 * The server's `connection` listener that keeps each client (clientKey of its address) to `max`
 * open connections: one more is answered 503 with Retry-After and closed, and added to `refused`
 * so a request already read from it is not served. One line is logged per client per minute
 * however many connections it has refused, so a client hammering at the cap cannot fill the log.
 */
export function capConnections(
  max: number,
  hsts: boolean,
  refused: WeakSet<Socket>,
  now: () => number = Date.now,
): (socket: Socket) => void {
  const open = new Map<string, number>();
  const logged = new Map<string, number>();
  return (socket) => {
    const peer = socket.remoteAddress ?? '';
    if (LOOPBACK.has(peer)) return;
    const key = clientKey(peer);
    const count = (open.get(key) ?? 0) + 1;
    open.set(key, count);
    socket.once('close', () => {
      const left = (open.get(key) ?? 1) - 1;
      if (left > 0) open.set(key, left);
      else open.delete(key);
    });
    if (count <= max) return;
    const t = now();
    if (t - (logged.get(key) ?? Number.NEGATIVE_INFINITY) >= REFUSAL_LOG_INTERVAL_MS) {
      // Forget clients not logged for a minute, so the map stays as small as the refusing clients.
      for (const [other, at] of logged) if (t - at >= REFUSAL_LOG_INTERVAL_MS) logged.delete(other);
      logged.set(key, t);
      console.warn(`Connections from ${key} refused: it already holds ${max} open connections`);
    }
    refused.add(socket);
    socket.end(rawAnswer(503, hsts, { 'Retry-After': '10' }));
    // Whatever the client sends meanwhile is read and dropped, so the answer is not lost to a reset.
    socket.resume();
    setTimeout(() => socket.destroy(), 1_000).unref();
  };
}

/**
 * What Node answers to bytes that are not HTTP (bad request line, oversized headers, broken
 * chunking) or to a request not sent in time, but with the security headers every other answer
 * carries. When an answer to that connection has already begun, nothing more can be written on
 * it: the connection is closed instead.
 */
export function answerClientError(error: NodeJS.ErrnoException, socket: Duplex, hsts = false): void {
  const inFlight = (socket as Duplex & { _httpMessage?: ServerResponse | null })._httpMessage;
  if (error.code === 'ECONNRESET' || !socket.writable || inFlight?.headersSent) {
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
  socket.end(rawAnswer(status, hsts));
}

/** A whole HTTP answer as bytes for a socket, closing the connection, with the security headers. */
function rawAnswer(status: number, hsts: boolean, extra: Record<string, string> = {}): string {
  const reason = STATUS_CODES[status] ?? 'Bad Request';
  const body = `${reason}\n`;
  const headers = Object.entries({
    ...STATIC_SECURITY_HEADERS,
    ...(hsts ? { 'Strict-Transport-Security': HSTS } : {}),
    ...extra,
  })
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  return (
    `HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\nContent-Type: text/plain; charset=utf-8\r\n` +
    `Content-Length: ${Buffer.byteLength(body)}\r\n${headers}\r\n${body}`
  );
}
