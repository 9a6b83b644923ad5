/**
 * Which pages search engines may see: robots.txt and the sitemap (astro.config.mjs) both ask here.
 * Shared core: Node loads it directly from astro.config.mjs, so relative imports with the
 * extension only.
 */
import { normalizePath } from './paths.ts';

/** Path prefixes kept out of search engines: private, transactional or internal pages. */
export const PRIVATE_PATH_PREFIXES = [
  '/auth',
  '/account',
  '/payment-success',
  '/contact-received',
  '/webhook-test',
  '/_dev',
  // Printable guides handed out after a lead form, not landing pages.
  '/guides',
] as const;

/** Whether a path may appear in the sitemap and be indexed by search engines. */
export function isIndexable(pathname: string): boolean {
  const path = normalizePath(pathname);
  if (path === '/404') return false;
  return !PRIVATE_PATH_PREFIXES.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
}
