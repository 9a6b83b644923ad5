/**
 * What search engines and social cards read in the built pages, from dist/
 * (docs/product/site.md#page-metadata, docs/product/site.md#preview-images): the home page's head and
 * structured data, and each article's own preview image. That the images are served as PNG files,
 * and the icons and robots.txt as the server answers them, is tests/e2e/seo.spec.ts.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { pngSize } from '../support/png';
import { ARTICLE_PAGES } from '../e2e/pages';
import { builtPage, byRole, canonical, DIST, jsonLd, meta, text, title } from './dom';

/** A file of dist/ named by the absolute URL a page gives for it. */
const fileOf = (url: string | undefined) => readFileSync(join(DIST, new URL(url ?? '', 'http://x').pathname));

test('home page head: title, description, canonical, social cards and valid JSON-LD', () => {
  const home = builtPage('/');
  expect(title(home)).toBe('Home Maintenance in Springfield, MO | Springfield Home');
  const description = meta(home, 'description');
  expect(description?.length).toBeGreaterThan(50);
  expect(description?.length).toBeLessThanOrEqual(160);
  const url = canonical(home);
  expect(url).toMatch(/^https?:\/\/[^/]+\/$/);
  expect(meta(home, 'og:url')).toBe(url);
  expect(meta(home, 'og:image')).toMatch(/^https?:\/\/.+\/og-default\.png$/);
  expect(meta(home, 'twitter:card')).toBe('summary_large_image');
  expect(meta(home, 'og:image:alt')).toMatch(/^Springfield Home/);

  const blocks = jsonLd(home);
  expect(blocks).toHaveLength(2);
  expect(blocks[0]).toMatchObject({ '@type': 'WebSite', name: 'Springfield Home Maintenance' });
  const data = blocks[1]!;
  expect(data['@type']).toBe('HomeAndConstructionBusiness');
  expect(data['telephone']).toBe('+14175550142');
  expect(data['priceRange']).toBe('$15-$500');
  expect(data['areaServed']).toBeInstanceOf(Array);
  expect(data['openingHoursSpecification']).toHaveLength(2);

  expect(pngSize(fileOf(meta(home, 'og:image')))).toEqual({ width: 1200, height: 630 });
});

test('each article has its own 1200x630 preview image, described by its title (docs/product/site.md#preview-images)', () => {
  const images = new Set<string>();
  for (const path of ARTICLE_PAGES) {
    const page = builtPage(path);
    const [heading] = byRole(page.document, 'heading', { level: 1 }).map(text);
    const src = meta(page, 'og:image');
    expect(src, path).toMatch(new RegExp(`^https?://[^/]+/og/${path.slice('/blog/'.length)}\\.png$`));
    expect(meta(page, 'twitter:image'), path).toBe(src);
    expect(meta(page, 'og:image:alt'), path).toBe(heading);
    expect(meta(page, 'twitter:image:alt'), path).toBe(heading);
    expect([meta(page, 'og:image:width'), meta(page, 'og:image:height')]).toEqual(['1200', '630']);
    const posting = jsonLd(page).find((node) => node['@type'] === 'BlogPosting');
    expect(posting?.['image'], path).toBe(src);

    const image = fileOf(src);
    expect(pngSize(image), path).toEqual({ width: 1200, height: 630 });
    images.add(image.toString('base64'));
  }
  // One picture per article, never a shared one.
  expect(images.size).toBe(ARTICLE_PAGES.length);
});
