/**
 * When each indexed page last changed, from the dates its content records (docs/product/site.md#page-metadata):
 * the sitemap's lastmod reads it. Articles have `updatedAt`; service, plan and legal pages `updated`;
 * the blog index, the services hub and the home page take the newest of what they list; /about its story's date.
 * Shared core: Node loads it from astro.config.mjs, so relative imports with the extension only.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { STORY } from '../site.ts';

function frontmatter(text: string): Record<string, unknown> {
  const match = /^---\n([\s\S]*?)\n---/.exec(text);
  return (parse(match?.[1] ?? '') ?? {}) as Record<string, unknown>;
}

function datesOf(dir: string, ext: string, field: string, read: (text: string) => Record<string, unknown>) {
  return readdirSync(dir)
    .filter((name) => name.endsWith(ext))
    .map((name) => {
      const value = read(readFileSync(join(dir, name), 'utf8'))[field];
      const date = new Date(value instanceof Date ? value : String(value));
      if (Number.isNaN(date.getTime())) throw new Error(`${join(dir, name)} has no valid ${field}`);
      return [name.slice(0, -ext.length), date] as const;
    });
}

const newest = (dates: readonly Date[]) => new Date(Math.max(...dates.map((d) => d.getTime())));

/** The last-changed date of every page that has one, by its path (`/blog/<slug>`, `/about`...). */
export function updatedDates(root: string): Map<string, Date> {
  const content = join(root, 'content');
  const blog = datesOf(join(content, 'blog'), '.mdx', 'updatedAt', frontmatter);
  const services = datesOf(join(content, 'services'), '.yaml', 'updated', (t) => parse(t) as Record<string, unknown>);
  const plans = datesOf(join(content, 'plans'), '.yaml', 'updated', (t) => parse(t) as Record<string, unknown>);
  const legal = datesOf(join(content, 'legal'), '.md', 'updated', frontmatter);
  const dates = new Map<string, Date>([
    ...blog.map(([slug, date]) => [`/blog/${slug}`, date] as const),
    ...services.map(([slug, date]) => [`/services/${slug}`, date] as const),
    ...plans.map(([type, date]) => [`/autopilot-${type}`, date] as const),
    ...legal.map(([slug, date]) => [`/${slug}`, date] as const),
  ]);
  dates.set('/blog', newest(blog.map(([, date]) => date)));
  dates.set('/', newest([...services, ...plans].map(([, date]) => date)));
  // The services hub lists every service (docs/product/services.md#services-hub).
  dates.set('/services', newest(services.map(([, date]) => date)));
  dates.set('/about', new Date(STORY.updated));
  return dates;
}
