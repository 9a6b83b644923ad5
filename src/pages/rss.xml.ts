import rss from '@astrojs/rss';
import type { APIRoute } from 'astro';
import { getPosts, postPath } from '@/features/blog/posts';
import { SITE } from '@/site';

/** The blog's RSS feed. */
export const GET: APIRoute = async ({ site }) => {
  const posts = await getPosts();
  return rss({
    title: `${SITE.name} Blog`,
    description: 'Air filter guides, maintenance schedules and cost tools for homes around Springfield, MO.',
    site: site ?? 'http://localhost:4321',
    // Links in the one URL form of the site (no trailing slash).
    trailingSlash: false,
    items: posts.map((post) => ({
      title: post.data.title,
      description: post.data.excerpt,
      link: postPath(post),
      pubDate: post.data.publishedAt,
      categories: [post.data.category, ...post.data.tags],
    })),
  });
};
