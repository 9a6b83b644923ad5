/**
 * The testimonials collection as pages read it (docs/product/blog.md#testimonials-and-examples): the
 * entries of one page in order, and how each is attributed. A placeholder is attributed to its
 * example heading, never to a person.
 */
import { getCollection, type CollectionEntry } from 'astro:content';

/** One entry of content/testimonials. */
export type Testimonial = CollectionEntry<'testimonials'>['data'];

/** The entries placed on a page, in their order. */
export async function testimonialsFor(placement: Testimonial['placement']): Promise<Testimonial[]> {
  const entries = await getCollection('testimonials', (entry) => entry.data.placement === placement);
  return entries.map((entry) => entry.data).sort((a, b) => a.order - b.order);
}

/** Who a quote is from: "Karen M., Nixa", or the example heading while it is a placeholder. */
export function attribution(entry: Testimonial): string {
  if (entry.placeholder || !entry.name) return entry.example;
  return entry.town ? `${entry.name}, ${entry.town}` : entry.name;
}

/** The rating behind the site's rating claim. */
export async function rating(): Promise<Testimonial | undefined> {
  return (await testimonialsFor('home')).find((entry) => entry.kind === 'rating');
}
