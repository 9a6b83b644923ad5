import type { APIRoute } from 'astro';
import { PRIVATE_PATH_PREFIXES } from '@/lib/indexing';

/** robots.txt: everything public is crawlable; private and internal paths are not. */
export const GET: APIRoute = ({ site }) => {
  const sitemap = new URL('sitemap-index.xml', site).href;
  const body = ['User-agent: *', ...PRIVATE_PATH_PREFIXES.map((p) => `Disallow: ${p}`), '', `Sitemap: ${sitemap}`, ''];
  return new Response(body.join('\n'), { headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
};
