import type { APIRoute } from 'astro';
import { ROBOTS_DISALLOWED } from '@/lib/indexing';

/** robots.txt: every page may be crawled (private ones say noindex themselves); non-pages are blocked. */
export const GET: APIRoute = ({ site }) => {
  const sitemap = new URL('sitemap-index.xml', site).href;
  const body = ['User-agent: *', ...ROBOTS_DISALLOWED.map((p) => `Disallow: ${p}`), '', `Sitemap: ${sitemap}`, ''];
  return new Response(body.join('\n'), { headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
};
