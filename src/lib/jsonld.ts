/**
 * Typed builders of the JSON-LD each page type carries. Builders leave absent fields out, so a
 * page never shows `"undefined"`; `serializeJsonLd` makes the result safe inside <script>.
 */
import type { HomeAndConstructionBusiness, WithContext } from 'schema-dts';
import { DEFAULT_OG_IMAGE } from '@/lib/seo';
import { SITE, STORY } from '@/site';

/** Any JSON-LD document this site emits. */
export type JsonLd = WithContext<Exclude<HomeAndConstructionBusiness, string>> | Record<string, unknown>;

/** The logo of the structured data: a PNG of at least 112 px (docs/product/site.md#page-metadata), from public/. */
export const LOGO = { path: '/logo.png', width: 512, height: 512 } as const;

function logo(site: URL | string) {
  const { width, height } = LOGO;
  return {
    '@type': 'ImageObject' as const,
    url: new URL(LOGO.path, site).href,
    width: `${width}`,
    height: `${height}`,
  };
}

/** The owner's online profiles, once set (content/business.json). */
const sameAs = [SITE.googleBusinessProfile].filter((url): url is string => url !== undefined);

/** The stable @id of the business node, so other nodes can point at it. */
export function businessId(site: URL | string): string {
  return new URL('/#business', site).href;
}

/** HomeAndConstructionBusiness for the home page: contact, hours, area served, price range. */
export function homeBusinessJsonLd(site: URL | string): WithContext<Exclude<HomeAndConstructionBusiness, string>> {
  const origin = new URL('/', site).href;
  return {
    '@context': 'https://schema.org',
    '@type': 'HomeAndConstructionBusiness',
    '@id': businessId(site),
    name: SITE.name,
    description: SITE.defaultDescription,
    url: origin,
    image: new URL(DEFAULT_OG_IMAGE, site).href,
    logo: logo(site),
    ...(sameAs.length > 0 ? { sameAs } : {}),
    telephone: SITE.phone.e164,
    email: SITE.email,
    priceRange: SITE.priceRange,
    address: {
      '@type': 'PostalAddress',
      // A business that comes to its customers publishes its town and ZIP code, not a street.
      ...(SITE.address.street ? { streetAddress: SITE.address.street } : {}),
      addressLocality: SITE.area.city,
      addressRegion: SITE.area.region,
      postalCode: SITE.address.postalCode,
      addressCountry: SITE.area.country,
    },
    geo: {
      '@type': 'GeoCoordinates',
      latitude: SITE.address.geo.latitude,
      longitude: SITE.address.geo.longitude,
    },
    areaServed: [
      {
        '@type': 'GeoCircle',
        geoMidpoint: {
          '@type': 'GeoCoordinates',
          latitude: SITE.area.geo.latitude,
          longitude: SITE.area.geo.longitude,
        },
        // schema.org geoRadius is in metres when given as a bare number.
        geoRadius: String(Math.round(SITE.area.radiusMiles * 1609.344)),
      },
      ...[SITE.area.city, ...SITE.area.towns].map((town) => ({
        '@type': 'City' as const,
        name: `${town}, ${SITE.area.region}`,
      })),
    ],
    openingHoursSpecification: SITE.hours
      .filter((row) => row.opens !== null && row.closes !== null)
      .map((row) => ({
        '@type': 'OpeningHoursSpecification' as const,
        dayOfWeek: [...row.dayOfWeek],
        opens: row.opens ?? '',
        closes: row.closes ?? '',
      })),
  };
}

/** The WebSite entry of the home page: the site's name, as search results show it. */
export function webSiteJsonLd(site: URL | string): Record<string, unknown> {
  const url = new URL('/', site).href;
  return {
    '@context': 'https://schema.org',
    '@type': 'WebSite',
    '@id': `${url}#website`,
    name: SITE.name,
    alternateName: SITE.shortName,
    url,
    inLanguage: 'en-US',
    publisher: { '@id': businessId(site) },
  };
}

/**
 * JSON for a `<script type="application/ld+json">`: `<` is escaped so no string in the data
 * can close the script element.
 */
export function serializeJsonLd(data: JsonLd): string {
  return JSON.stringify(data).replace(/</g, '\\u003c');
}

/** One step of a visible breadcrumb: its label and root-relative path. */
export interface Crumb {
  readonly name: string;
  readonly path: string;
}

/** BreadcrumbList matching a visible breadcrumb. */
export function breadcrumbJsonLd(crumbs: readonly Crumb[], site: URL | string): Record<string, unknown> {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((crumb, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: crumb.name,
      item: new URL(crumb.path, site).href,
    })),
  };
}

/** A price we charge, for an Offer: whole dollars or cents, and an optional billing period. */
export interface OfferInput {
  readonly name: string;
  /** Price in US dollars, e.g. 25 or 39. */
  readonly price: number;
  /** ISO 8601 duration of a recurring charge, e.g. `P1M` for monthly. */
  readonly billingDuration?: string;
  /** Root-relative page where the offer can be taken. */
  readonly path: string;
}

function offer(input: OfferInput, site: URL | string): Record<string, unknown> {
  const price = input.price.toFixed(2);
  return {
    '@type': 'Offer',
    name: input.name,
    price,
    priceCurrency: 'USD',
    url: new URL(input.path, site).href,
    availability: 'https://schema.org/InStock',
    ...(input.billingDuration
      ? {
          priceSpecification: {
            '@type': 'UnitPriceSpecification',
            price,
            priceCurrency: 'USD',
            billingDuration: input.billingDuration,
          },
        }
      : {}),
  };
}

/** Service provided by the business, with its offers (left out when there is none). */
export function serviceJsonLd(
  input: { name: string; description: string; path: string; serviceType?: string; offers: readonly OfferInput[] },
  site: URL | string,
): Record<string, unknown> {
  const url = new URL(input.path, site).href;
  return {
    '@context': 'https://schema.org',
    '@type': 'Service',
    '@id': `${url}#service`,
    name: input.name,
    description: input.description,
    url,
    ...(input.serviceType ? { serviceType: input.serviceType } : {}),
    provider: { '@id': businessId(site), '@type': 'HomeAndConstructionBusiness', name: SITE.name },
    areaServed: [SITE.area.city, ...SITE.area.towns].map((town) => ({
      '@type': 'City',
      name: `${town}, ${SITE.area.region}`,
    })),
    ...(input.offers.length > 0 ? { offers: input.offers.map((o) => offer(o, site)) } : {}),
  };
}

/** The business as publisher of articles. */
function organization(site: URL | string): Record<string, unknown> {
  return {
    '@type': 'Organization',
    '@id': businessId(site),
    name: SITE.name,
    url: new URL('/', site).href,
    logo: logo(site),
  };
}

/** Who writes the articles: the person the owner named, else the business's team, with the About page. */
function author(site: URL | string): Record<string, unknown> {
  const about = new URL('/about', site).href;
  const { person, name } = STORY.author;
  return person
    ? { '@type': 'Person', name: person, url: about, worksFor: { '@id': businessId(site) } }
    : { '@type': 'Organization', '@id': businessId(site), name, url: about };
}

/** What an article tells its structured data. */
export interface ArticleInput {
  readonly title: string;
  readonly description: string;
  readonly path: string;
  readonly publishedAt: Date;
  readonly updatedAt: Date;
  readonly category: string;
  readonly tags: readonly string[];
  readonly readTime: number;
  /** Its preview image's path (docs/product/site.md#preview-images); the brand card when absent. */
  readonly image?: string;
}

/** BlogPosting for an article. */
export function articleJsonLd(article: ArticleInput, site: URL | string): Record<string, unknown> {
  const url = new URL(article.path, site).href;
  return {
    '@context': 'https://schema.org',
    '@type': 'BlogPosting',
    '@id': `${url}#article`,
    headline: article.title,
    description: article.description,
    url,
    mainEntityOfPage: url,
    image: new URL(article.image ?? DEFAULT_OG_IMAGE, site).href,
    datePublished: article.publishedAt.toISOString(),
    dateModified: article.updatedAt.toISOString(),
    articleSection: article.category,
    keywords: article.tags.join(', '),
    timeRequired: `PT${article.readTime}M`,
    inLanguage: 'en-US',
    author: author(site),
    publisher: organization(site),
  };
}

/** Blog for the index page, listing its posts. */
export function blogJsonLd(
  input: { title: string; description: string; path: string; posts: readonly ArticleInput[] },
  site: URL | string,
): Record<string, unknown> {
  return {
    '@context': 'https://schema.org',
    '@type': 'Blog',
    name: input.title,
    description: input.description,
    url: new URL(input.path, site).href,
    publisher: organization(site),
    blogPost: input.posts.map((post) => ({
      '@type': 'BlogPosting',
      headline: post.title,
      url: new URL(post.path, site).href,
      datePublished: post.publishedAt.toISOString(),
      dateModified: post.updatedAt.toISOString(),
    })),
  };
}

/** FAQPage for a page whose visible FAQ has these questions and answers. */
export function faqPageJsonLd(items: readonly { question: string; answer: string }[]): Record<string, unknown> {
  return {
    '@context': 'https://schema.org',
    '@type': 'FAQPage',
    mainEntity: items.map((item) => ({
      '@type': 'Question',
      name: item.question,
      acceptedAnswer: { '@type': 'Answer', text: item.answer },
    })),
  };
}

/** HowTo for a step-by-step guide. */
export function howToJsonLd(
  input: {
    name: string;
    description: string;
    path: string;
    totalTime: string;
    supplies: readonly string[];
    tools: readonly string[];
    steps: readonly { name: string; text: string }[];
  },
  site: URL | string,
): Record<string, unknown> {
  const url = new URL(input.path, site).href;
  return {
    '@context': 'https://schema.org',
    '@type': 'HowTo',
    name: input.name,
    description: input.description,
    url,
    totalTime: input.totalTime,
    supply: input.supplies.map((name) => ({ '@type': 'HowToSupply', name })),
    tool: input.tools.map((name) => ({ '@type': 'HowToTool', name })),
    step: input.steps.map((step, index) => ({
      '@type': 'HowToStep',
      position: index + 1,
      name: step.name,
      text: step.text,
      url: `${url}#step-${index + 1}`,
    })),
  };
}

/** The schema.org type of a page that is not a service, plan, article or the blog. */
export type WebPageType = 'WebPage' | 'AboutPage' | 'ContactPage';

/** A plain page: its type, name and address, the business it is about and its breadcrumb. */
export function webPageJsonLd(
  input: { type: WebPageType; name: string; description: string; path: string; crumbs: readonly Crumb[] },
  site: URL | string,
): Record<string, unknown> {
  const { '@context': context, ...breadcrumb } = breadcrumbJsonLd(input.crumbs, site);
  return {
    '@context': context,
    '@type': input.type,
    name: input.name,
    description: input.description,
    url: new URL(input.path, site).href,
    inLanguage: 'en-US',
    isPartOf: {
      '@type': 'WebSite',
      '@id': `${new URL('/', site).href}#website`,
      name: SITE.name,
      url: new URL('/', site).href,
    },
    about: { '@id': businessId(site) },
    breadcrumb,
  };
}
