/** The blog's article list: one ordering shared by the index, the feed and the header menu. */
import { getCollection, type CollectionEntry } from 'astro:content';
import type { NavLink } from '@/lib/navigation';

/** Every article, in the order of the blog index (featured first, then by `order`). */
export async function getPosts(): Promise<CollectionEntry<'blog'>[]> {
  const posts = await getCollection('blog');
  return posts.sort((a, b) => Number(b.data.featured) - Number(a.data.featured) || a.data.order - b.data.order);
}

/** The path of an article. */
export function postPath(post: CollectionEntry<'blog'>): string {
  return `/blog/${post.id}`;
}

/** The header's Blog menu (docs/product/site.md#header-and-navigation): every article with a menu label, in the index's order. */
export async function blogMenuLinks(): Promise<NavLink[]> {
  return (await getPosts()).flatMap((post) =>
    post.data.menuLabel ? [{ href: postPath(post), label: post.data.menuLabel }] : [],
  );
}
