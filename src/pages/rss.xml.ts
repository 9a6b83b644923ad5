import rss from '@astrojs/rss';
import type { APIRoute } from 'astro';
import { getPosts, postPath } from '@/features/blog/posts';
import { SITE } from '@/site';

/**
 * The blog's RSS feed (docs/product/blog.md#blog), with its own address (`atom:link rel="self"`), its
 * language and, as lastBuildDate, when the newest article last changed, so a rebuild without a
 * change does not look like news.
 */
export const GET: APIRoute = async ({ site }) => {
  const posts = await getPosts();
  const base = site ?? 'http://localhost:4321';
  const self = new URL('/rss.xml', base).href;
  const lastChange = new Date(Math.max(...posts.map((post) => post.data.updatedAt.getTime())));
  return rss({
    title: `${SITE.name} Blog`,
    description: 'Air filter guides, maintenance schedules and cost tools for homes around Springfield, MO.',
    site: base,
    // Links in the one URL form of the site (no trailing slash).
    trailingSlash: false,
    xmlns: { atom: 'http://www.w3.org/2005/Atom' },
    customData: [
      '<language>en-us</language>',
      `<atom:link href="${self}" rel="self" type="application/rss+xml"/>`,
      `<lastBuildDate>${lastChange.toUTCString()}</lastBuildDate>`,
    ].join(''),
    items: posts.map((post) => ({
      title: post.data.title,
      description: post.data.excerpt,
      link: postPath(post),
      pubDate: post.data.publishedAt,
      categories: [post.data.category, ...post.data.tags],
    })),
  });
};
