/** Pure helpers that turn a page's metadata into the tags of its <head>. */
import { normalizePath } from '@/lib/paths';
import { SITE } from '@/site';

/** What a page tells the layout about itself. */
export interface PageMeta {
  /** The page's own title, without the site name. */
  readonly title: string;
  /** 50-160 characters summarising the page for search results and link previews. */
  readonly description: string;
  /** `website` for most pages, `article` for blog posts. */
  readonly type?: 'website' | 'article';
  /** A 1200x630 preview image (absolute or root-relative) and what it shows, for readers who cannot see it. */
  readonly image?: { readonly src: string; readonly alt: string };
  /** Keeps the page out of search engines (account, checkout results, internal pages). */
  readonly noindex?: boolean;
  /** ISO dates for articles. */
  readonly publishedTime?: string;
  readonly modifiedTime?: string;
}

/** One element of <head>: a <meta> or <link> with its attributes. */
export interface HeadTag {
  readonly tag: 'meta' | 'link';
  readonly attrs: Readonly<Record<string, string>>;
}

/** The brand card, every page's preview image but an article's, drawn by the build (src/pages/og-default.png.ts). */
export const DEFAULT_OG_IMAGE = '/og-default.png';

/** An article's own preview image, drawn by the build (src/pages/og/[slug].png.ts; docs/product/site.md#preview-images). */
export function articleCardPath(slug: string): string {
  return `/og/${slug}.png`;
}
/** What the brand card shows (docs/product/site.md#preview-images). */
export const DEFAULT_OG_IMAGE_ALT = `${SITE.name}: a white house on a green square, with the business name, "Filters, vents, detectors and Autopilot plans", Springfield, MO and the phone number`;

/**
 * The canonical URL of a path: absolute, without query or fragment, without a `.html`
 * suffix and without a trailing slash (except the root), matching `trailingSlash: 'never'`.
 */
export function canonicalUrl(pathname: string, site: URL | string): string {
  const url = new URL(pathname, site);
  return new URL(normalizePath(url.pathname), url.origin).href;
}

/** Search results cut titles past about 60 characters (docs/product/site.md#page-metadata). */
export const MAX_TITLE_LENGTH = 60;

/**
 * The document title: the page title followed by the business name, or its short name, where that
 * still fits in 60 characters; the page title alone otherwise. A page title that is itself longer
 * throws, so the build names the page instead of publishing a cut-off title.
 */
export function documentTitle(title: string): string {
  if (title.length > MAX_TITLE_LENGTH) {
    throw new Error(`Title "${title}" is ${title.length} characters; at most ${MAX_TITLE_LENGTH} fit`);
  }
  if (title.includes(SITE.name) || title.includes(SITE.shortName)) return title;
  const withBrand = [SITE.name, SITE.shortName].map((brand) => `${title} | ${brand}`);
  return withBrand.find((candidate) => candidate.length <= MAX_TITLE_LENGTH) ?? title;
}

/** The meta and link tags for a page: canonical, robots, Open Graph and Twitter card. */
export function buildHeadTags(meta: PageMeta, pathname: string, site: URL | string): HeadTag[] {
  const canonical = canonicalUrl(pathname, site);
  const image = new URL(meta.image?.src ?? DEFAULT_OG_IMAGE, site).href;
  const imageAlt = meta.image?.alt ?? DEFAULT_OG_IMAGE_ALT;
  const title = documentTitle(meta.title);
  const tags: HeadTag[] = [
    { tag: 'meta', attrs: { name: 'description', content: meta.description } },
    { tag: 'link', attrs: { rel: 'canonical', href: canonical } },
    { tag: 'meta', attrs: { property: 'og:type', content: meta.type ?? 'website' } },
    { tag: 'meta', attrs: { property: 'og:site_name', content: SITE.name } },
    { tag: 'meta', attrs: { property: 'og:title', content: title } },
    { tag: 'meta', attrs: { property: 'og:description', content: meta.description } },
    { tag: 'meta', attrs: { property: 'og:url', content: canonical } },
    { tag: 'meta', attrs: { property: 'og:image', content: image } },
    { tag: 'meta', attrs: { property: 'og:image:width', content: '1200' } },
    { tag: 'meta', attrs: { property: 'og:image:height', content: '630' } },
    { tag: 'meta', attrs: { property: 'og:image:alt', content: imageAlt } },
    { tag: 'meta', attrs: { property: 'og:locale', content: 'en_US' } },
    { tag: 'meta', attrs: { name: 'twitter:card', content: 'summary_large_image' } },
    { tag: 'meta', attrs: { name: 'twitter:title', content: title } },
    { tag: 'meta', attrs: { name: 'twitter:description', content: meta.description } },
    { tag: 'meta', attrs: { name: 'twitter:image', content: image } },
    { tag: 'meta', attrs: { name: 'twitter:image:alt', content: imageAlt } },
  ];
  if (meta.publishedTime) {
    tags.push({ tag: 'meta', attrs: { property: 'article:published_time', content: meta.publishedTime } });
  }
  if (meta.modifiedTime) {
    tags.push({ tag: 'meta', attrs: { property: 'article:modified_time', content: meta.modifiedTime } });
  }
  if (meta.noindex) {
    tags.push({ tag: 'meta', attrs: { name: 'robots', content: 'noindex, nofollow' } });
  }
  return tags;
}
