/** Static paths for the routes that render one page per entry of a content collection. */
import { getCollection, type CollectionEntry, type CollectionKey } from 'astro:content';

/** One path per entry of `collection`: its id as the route parameter `param`, the entry as the page's prop. */
export async function entryPaths<C extends CollectionKey, P extends string>(
  collection: C,
  param: P,
): Promise<{ params: Record<P, string>; props: { entry: CollectionEntry<C> } }[]> {
  const entries = await getCollection(collection);
  return entries.map((entry) => ({ params: { [param]: entry.id } as Record<P, string>, props: { entry } }));
}
