/**
 * The embedded-default HTTP server: one Node process serving the built site. Later parts
 * (functions, emulators, mailbox) mount here in front of the static files.
 */
import { createServer, type Server } from 'node:http';
import { canonicalRedirect, createNotFoundHandler, createStaticHandler } from './static.ts';
import { applySecurityHeaders } from './headers.ts';

export interface AppOptions {
  /** The folder holding the built site (`dist/`). */
  distDir: string;
}

/** Creates (but does not start) the HTTP server. */
export function createApp({ distDir }: AppOptions): Server {
  const serveStatic = createStaticHandler(distDir);
  const notFound = createNotFoundHandler(distDir);

  return createServer((req, res) => {
    applySecurityHeaders(res);
    const url = new URL(req.url ?? '/', 'http://localhost');
    const redirect = canonicalRedirect(url.pathname);
    if (redirect && (req.method === 'GET' || req.method === 'HEAD')) {
      res.writeHead(301, { Location: redirect + url.search, 'Cache-Control': 'public, max-age=3600' });
      res.end();
      return;
    }
    serveStatic(req, res, () => notFound(req, res));
  });
}
