import { describe, expect, test } from 'vitest';
import { buildHeadTags, canonicalUrl, documentTitle, MAX_TITLE_LENGTH } from '@/lib/seo';
import { SITE } from '@/site';

const SITE_URL = 'https://springfieldhome.example';

describe('canonicalUrl', () => {
  test.each([
    ['/', 'https://springfieldhome.example/'],
    ['/index.html', 'https://springfieldhome.example/'],
    ['/blog', 'https://springfieldhome.example/blog'],
    ['/blog/', 'https://springfieldhome.example/blog'],
    ['/blog.html', 'https://springfieldhome.example/blog'],
    ['/services/air-filter-replacement/', 'https://springfieldhome.example/services/air-filter-replacement'],
    ['/blog?utm_source=x#faq', 'https://springfieldhome.example/blog'],
  ])('%s -> %s', (path, expected) => {
    expect(canonicalUrl(path, SITE_URL)).toBe(expected);
  });
});

describe('documentTitle (docs/product/site.md#page-metadata)', () => {
  test('appends the business name once', () => {
    expect(documentTitle('Blog')).toBe(`Blog | ${SITE.name}`);
    expect(documentTitle(`Home | ${SITE.name}`)).toBe(`Home | ${SITE.name}`);
  });

  test('the brand only where it fits in 60 characters: the full name, then the short one, then none', () => {
    const fitsFull = 'x'.repeat(60 - ` | ${SITE.name}`.length);
    expect(documentTitle(fitsFull)).toBe(`${fitsFull} | ${SITE.name}`);
    const fitsShort = `${fitsFull}x`;
    expect(documentTitle(fitsShort)).toBe(`${fitsShort} | ${SITE.shortName}`);
    const fitsAlone = 'y'.repeat(55);
    expect(documentTitle(fitsAlone)).toBe(fitsAlone);
    for (const title of [fitsFull, fitsShort, fitsAlone, 'Blog']) {
      expect(documentTitle(title).length).toBeLessThanOrEqual(MAX_TITLE_LENGTH);
    }
  });

  test('a page title over 60 characters fails instead of being cut off in results', () => {
    expect(() => documentTitle('z'.repeat(61))).toThrow(/61 characters/);
  });
});

describe('buildHeadTags', () => {
  const attr = (tags: ReturnType<typeof buildHeadTags>, key: string, value: string) =>
    tags.find((t) => t.attrs[key] === value)?.attrs;

  test('canonical, Open Graph url and Twitter card agree on the page', () => {
    const tags = buildHeadTags({ title: 'Blog', description: 'Articles for homeowners.' }, '/blog/', SITE_URL);
    expect(attr(tags, 'rel', 'canonical')?.['href']).toBe(`${SITE_URL}/blog`);
    expect(attr(tags, 'property', 'og:url')?.['content']).toBe(`${SITE_URL}/blog`);
    expect(attr(tags, 'property', 'og:type')?.['content']).toBe('website');
    expect(attr(tags, 'property', 'og:image')?.['content']).toBe(`${SITE_URL}/og-default.png`);
    expect(attr(tags, 'name', 'twitter:card')?.['content']).toBe('summary_large_image');
    expect(attr(tags, 'name', 'description')?.['content']).toBe('Articles for homeowners.');
    expect(attr(tags, 'name', 'robots')).toBeUndefined();
  });

  test('noindex pages say so; articles carry their dates', () => {
    const tags = buildHeadTags(
      { title: 'Post', description: 'd', type: 'article', noindex: true, publishedTime: '2026-01-02' },
      '/x',
      SITE_URL,
    );
    expect(attr(tags, 'name', 'robots')?.['content']).toBe('noindex, nofollow');
    expect(attr(tags, 'property', 'article:published_time')?.['content']).toBe('2026-01-02');
    expect(attr(tags, 'property', 'og:type')?.['content']).toBe('article');
  });

  test('no attribute is ever the string "undefined"', () => {
    const tags = buildHeadTags({ title: 'T', description: 'D' }, '/', SITE_URL);
    for (const tag of tags) for (const value of Object.values(tag.attrs)) expect(value).not.toContain('undefined');
  });
});
