/** The blog's article list: one ordering shared by the index, the feed and the header menu. */
import { getCollection, type CollectionEntry } from 'astro:content';

/** Every article, in the order of the blog index (featured first, then by `order`). */
export async function getPosts(): Promise<CollectionEntry<'blog'>[]> {
  const posts = await getCollection('blog');
  return posts.sort((a, b) => Number(b.data.featured) - Number(a.data.featured) || a.data.order - b.data.order);
}

/** The path of an article. */
export function postPath(post: CollectionEntry<'blog'>): string {
  return `/blog/${post.id}`;
}
