/** Security headers sent with every response of the Node server (values: src/lib/security-headers.ts). */
import type { ServerResponse } from 'node:http';
import { HSTS, STATIC_SECURITY_HEADERS } from '../src/lib/security-headers.ts';

/** What the security headers depend on. */
export interface SecurityHeaderOptions {
  /** Production only: the site is reached over HTTPS (through the reverse proxy). */
  hsts?: boolean;
}

/**
 * Sets the security headers on a response. A function's own answer may replace them with its
 * stricter policy (functions/_lib/platform/http.ts); every page also carries its script and style hashes
 * in a <meta> policy written at build time.
 */
export function applySecurityHeaders(res: ServerResponse, { hsts = false }: SecurityHeaderOptions = {}): void {
  for (const [name, value] of Object.entries(STATIC_SECURITY_HEADERS)) res.setHeader(name, value);
  if (hsts) res.setHeader('Strict-Transport-Security', HSTS);
}
