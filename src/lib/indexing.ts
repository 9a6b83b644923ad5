/**
 * Which pages search engines may see (docs/product/site.md#page-metadata): the sitemap
 * (astro.config.mjs), the robots meta tag and robots.txt all ask here.
 * Shared core: Node loads it directly from astro.config.mjs, so relative imports with the
 * extension only.
 */
import { normalizePath } from './paths.ts';

/**
 * Path prefixes kept out of search results: private, transactional or internal pages. Their pages
 * say `noindex` and the sitemap leaves them out; robots.txt does not block them, or crawlers could
 * never read the noindex.
 */
export const PRIVATE_PATH_PREFIXES = [
  '/auth',
  '/account',
  '/payment-success',
  // A visit's change page, reached by a signed e-mail link or from the account.
  '/visit',
  // The pay link for a visit's extras (docs/product/extras.md#the-pay-link).
  '/pay',
  '/contact-received',
  '/webhook-test',
  '/unsubscribe',
  '/owner',
  '/_dev',
  // Printable guides handed out after a lead form, not landing pages.
  '/guides',
  '/downloads',
] as const;

/**
 * What robots.txt blocks: paths that are not pages and so cannot say noindex themselves (the
 * functions, the embedded default's tools, the PDF guides).
 */
export const ROBOTS_DISALLOWED = ['/api', '/_dev', '/downloads'] as const;

/** Whether a path may appear in the sitemap and be indexed by search engines. */
export function isIndexable(pathname: string): boolean {
  const path = normalizePath(pathname);
  if (path === '/404') return false;
  return !PRIVATE_PATH_PREFIXES.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
}
