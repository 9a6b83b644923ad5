/**
 * The security headers of both deployments, defined once. The Node server in server/ sends them,
 * netlify.toml repeats them for Netlify's CDN (a test compares the two), the functions add their
 * own (Netlify applies no configured header to a function's answer), and astro.config.mjs builds
 * each page's Content-Security-Policy from `pageCspDirectives`. Shared core: Node loads it
 * directly from all three, so relative imports with the extension only.
 *
 * The page CSP travels in a <meta> that Astro writes with the hashes of that page's inline
 * scripts and styles, so every deployment serves the same policy with the same files. A <meta>
 * cannot carry frame-ancestors, so the header policy below adds it, plus the directives that
 * must hold for any file, HTML or not. Both policies apply; neither allows inline script.
 */

/** The header policy of every static file: what a page's <meta> policy cannot say. */
export const STATIC_CSP = "frame-ancestors 'none'; base-uri 'self'; object-src 'none'; form-action 'self'";

/** Headers on every static file and page, in every deployment. */
export const STATIC_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'Content-Security-Policy': STATIC_CSP,
  'X-Content-Type-Options': 'nosniff',
  // For browsers that predate frame-ancestors.
  'X-Frame-Options': 'DENY',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=()',
  'Cross-Origin-Opener-Policy': 'same-origin',
};

/**
 * HTTPS for a year on this host only: subdomains the owner runs elsewhere (mail, a shop) are left
 * alone. Sent in production only; browsers ignore it over plain HTTP anyway.
 */
export const HSTS = 'max-age=31536000';

/** The policy of the functions' own answers (JSON, redirects, a plain page): nothing may load. */
export const FUNCTION_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'";

/** Headers every function answer carries, whichever deployment runs it. */
export function functionSecurityHeaders(requestUrl: string): Record<string, string> {
  const headers: Record<string, string> = {
    'Content-Security-Policy': FUNCTION_CSP,
    'X-Content-Type-Options': 'nosniff',
    'X-Frame-Options': 'DENY',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
  };
  // On Netlify every request arrives over HTTPS; behind the Node server, the server adds HSTS.
  if (requestUrl.startsWith('https:')) headers['Strict-Transport-Security'] = HSTS;
  return headers;
}

/** One directive of the page policy, as Astro's `security.csp.directives` accepts it. */
export type PageCspDirective = `${
  | 'default-src'
  | 'connect-src'
  | 'img-src'
  | 'font-src'
  | 'object-src'
  | 'base-uri'
  | 'form-action'
  | 'frame-src'
  | 'worker-src'} ${string}`;

/**
 * The page policy's directives besides script-src and style-src (Astro writes those with the
 * page's hashes). Scripts, styles, images and fonts come from the site itself, and images also from
 * data: URLs, for the favicon written into each page (docs/product/performance.md#performance-decisions). The
 * browser talks to the site's functions and, in production, to the Supabase project for sign-in.
 * Checkout opens the card provider's page in a new tab, which a page policy does not govern.
 */
export function pageCspDirectives(supabaseUrl?: string): PageCspDirective[] {
  const connect = ["'self'"];
  if (supabaseUrl) connect.push(new URL(supabaseUrl).origin);
  return [
    "default-src 'self'",
    `connect-src ${connect.join(' ')}`,
    "img-src 'self' data:",
    "font-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-src 'none'",
    "worker-src 'none'",
  ];
}
