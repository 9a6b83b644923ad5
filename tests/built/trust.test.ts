/**
 * Content a homeowner, a search engine and a regulator can trust, read from dist/: examples never
 * shown as customers, every page's title and structured data, the sitemap and the feed, the pages
 * kept out of search, and the About page (docs/product/blog.md#testimonials-and-examples,
 * docs/product/site.md#page-metadata). The illustrations as drawn, the PDFs as served and printing
 * are the browser's: tests/e2e/trust.spec.ts.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';
import { placeholdersLeft } from '../../src/features/testimonials/placeholders.ts';
import {
  attr,
  builtPage,
  builtPages,
  byId,
  byRole,
  byTag,
  hrefs,
  meta,
  showsText,
  shownByMarkup,
  text,
  DIST,
} from './dom';

const root = fileURLToPath(new URL('../..', import.meta.url));
const file = (name: string) => readFileSync(join(DIST, name), 'utf8');

test('while placeholders remain, no page shows a testimonial as a named customer', () => {
  expect(placeholdersLeft(root).length).toBeGreaterThan(0);
  const pages = builtPages();
  const withTestimonials = pages.filter(({ html }) => html.includes('data-testimonial'));
  // The plan pages, the change guide and the DIY article carry them.
  expect(withTestimonials.length).toBeGreaterThanOrEqual(4);
  for (const { path, html } of pages) expect(html, path).not.toContain('data-testimonial="customer"');
  for (const page of withTestimonials) {
    const figures = byTag(page.document, 'figure').filter((f) => attr(f, 'data-testimonial') !== undefined);
    expect(figures.length, page.path).toBeGreaterThan(0);
    for (const figure of figures) {
      expect(attr(figure, 'data-testimonial'), page.path).toBe('example');
      const caption = byTag(figure, 'figcaption').map(text).join(' ');
      expect(caption, page.path).toMatch(/^Example/);
      expect(caption, page.path).toContain("Not a customer's words");
    }
  }
});

test('every page has a title of 60 characters or fewer and structured data', () => {
  for (const { path, html } of builtPages()) {
    const title = (/<title>([^<]*)<\/title>/.exec(html)?.[1] ?? '').replace(/&amp;/g, '&');
    expect(title.length, `${path}: ${title}`).toBeGreaterThan(0);
    expect(title.length, `${path}: ${title}`).toBeLessThanOrEqual(60);
    const blocks = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
      ([, json]) => JSON.parse(json ?? 'null') as Record<string, unknown>,
    );
    expect(blocks.length, path).toBeGreaterThan(0);
    const types = blocks.map((block) => block['@type']);
    const described = ['HomeAndConstructionBusiness', 'Service', 'BlogPosting', 'Blog'].some((t) => types.includes(t));
    if (!described) {
      const webPage = blocks.find((b) => ['WebPage', 'AboutPage', 'ContactPage'].includes(String(b['@type'])));
      expect(webPage, path).toBeDefined();
      expect(webPage?.['breadcrumb'], path).toMatchObject({ '@type': 'BreadcrumbList' });
    }
  }
});

test('the sitemap gives every page its last-changed date', () => {
  const sitemap = file('sitemap-0.xml');
  const urls = [...sitemap.matchAll(/<url>([\s\S]*?)<\/url>/g)].map(([, url]) => url ?? '');
  expect(urls.length).toBeGreaterThan(20);
  for (const url of urls) expect(url, url).toMatch(/<lastmod>\d{4}-\d{2}-\d{2}T[^<]+<\/lastmod>/);
  const about = urls.find((url) => url.includes('/about</loc>'));
  expect(about).toContain('<lastmod>2026-11-25');
});

test('the RSS feed names itself, its language and when it last changed', () => {
  const feed = file('rss.xml');
  expect(feed).toContain('xmlns:atom="http://www.w3.org/2005/Atom"');
  expect(feed).toMatch(/<atom:link href="https?:\/\/[^"]+\/rss\.xml" rel="self" type="application\/rss\+xml"\/>/);
  expect(feed).toContain('<language>en-us</language>');
  const built = /<lastBuildDate>([^<]+)<\/lastBuildDate>/.exec(feed)?.[1] ?? '';
  expect(new Date(built).getTime()).not.toBeNaN();
  expect(built).toMatch(/^\w{3}, \d{2} \w{3} \d{4} \d{2}:\d{2}:\d{2} GMT$/);
});

test('/auth and /account say noindex and robots.txt lets crawlers read it', () => {
  const robots = file('robots.txt');
  for (const path of ['/auth', '/account']) {
    expect(robots).not.toContain(`Disallow: ${path}\n`);
    expect(meta(builtPage(path), 'robots'), path).toMatch(/noindex/);
  }
});

test('the About page: story, where the figures come from, who writes, linked from the articles', () => {
  const about = builtPage('/about');
  expect(byRole(about.document, 'heading', { level: 1 }).map(text)).toEqual(['About Springfield Home Maintenance']);
  for (const name of ['Where our figures come from', 'Who writes our articles']) {
    const headings = byRole(about.document, 'heading', { name });
    expect(headings.length > 0 && headings.every(shownByMarkup), name).toBe(true);
  }
  expect(showsText(about.document, 'our own count of the homes we visit for the first time')).toBe(true);
  const byline = byRole(builtPage('/blog/how-to-change-air-filter').document, 'link', {
    name: 'The Springfield Home Maintenance team',
  });
  expect(hrefs(byline)).toEqual(['/about#who-writes']);
  expect(byId(about, 'who-writes')).toBeDefined();
});
