/**
 * Structured data equals the page (docs/product/site.md#page-metadata), read from the built pages in
 * dist/: an Offer only for a price the page shows, one test per page type; the home page's WebSite
 * with the site name and the business's logo of at least 112 px; a described preview image on
 * every page.
 */
import { expect, test } from 'vitest';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { SERVICE_NAMES, SERVICE_TYPES, servicePriceCents } from '../../src/features/booking/pricing.ts';
import { PLANS } from '../../src/features/plans/plans.ts';
import { SITE } from '../../src/site.ts';
import { pngSize } from '../support/png';
import { SERVICE_PAGES } from '../e2e/pages';
import { builtPages, contentRanges, priceStatements } from './price-statements';

const root = fileURLToPath(new URL('../..', import.meta.url));
const pages = new Map(builtPages(`${root}dist`));
const ranges = contentRanges(root);

type Node = Record<string, unknown>;

/** Every JSON-LD node of a page, nested ones included. */
function nodes(html: string): Node[] {
  const found: Node[] = [];
  const walk = (value: unknown): void => {
    if (Array.isArray(value)) return value.forEach(walk);
    if (typeof value !== 'object' || value === null) return;
    found.push(value as Node);
    Object.values(value).forEach(walk);
  };
  for (const [, json] of html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)) {
    walk(JSON.parse(json ?? 'null'));
  }
  return found;
}

const cents = (text: string) => Math.round(Number(text.replace(/[$,]/g, '')) * 100);

/** The Offers of a page, as "name: cents". */
const offers = (html: string) =>
  nodes(html)
    .filter((n) => n['@type'] === 'Offer')
    .map((n) => ({ name: String(n['name']), cents: cents(String(n['price'])) }));

/** The single amounts the page shows (not ranges) that the pricing modules explain, in cents. */
function shownPrices(path: string, html: string): Set<number> {
  return new Set(
    priceStatements(path, html, ranges)
      .filter((s) => s.problem === null && !s.amount.includes('-'))
      .map((s) => cents(s.amount.replace(/\+$/, ''))),
  );
}

function page(path: string): string {
  const html = pages.get(path);
  if (!html) throw new Error(`${path} is not in dist/: run npm run build first`);
  return html;
}

/** Every Offer's price is among the prices shown on the page. */
function expectOffersShown(path: string) {
  const html = page(path);
  const shown = shownPrices(path, html);
  for (const offer of offers(html)) {
    expect(shown, `${path}: Offer "${offer.name}" at ${offer.cents / 100} is not shown on the page`).toContain(
      offer.cents,
    );
  }
}

test('service pages: an Offer only for the booking card price the page shows, none where it shows ranges or names plans', () => {
  for (const path of SERVICE_PAGES) {
    const html = page(path);
    expectOffersShown(path);
    const service = SERVICE_TYPES.find((type) => path === `/services/${type}`);
    expect(offers(html), path).toEqual(
      service ? [{ name: SERVICE_NAMES[service], cents: servicePriceCents(service, {}) }] : [],
    );
  }
  // The page the issue was about: it shows only a market range, so it makes no offer.
  expect(offers(page('/services/water-softener-salt'))).toEqual([]);
});

test('plan pages: their offers are the plan prices the page shows', () => {
  for (const plan of PLANS) {
    const path = plan.href;
    expectOffersShown(path);
    expect(offers(page(path)).map((o) => o.cents)).toContain(plan.monthly * 100);
  }
});

test('home, articles, the blog and the other pages make no offer', () => {
  const others = [...pages.keys()].filter(
    (path) => !path.startsWith('/services/') && !PLANS.some((p) => p.href === path),
  );
  expect(others.length).toBeGreaterThan(15);
  for (const path of others) expectOffersShown(path);
  expect(others.flatMap((path) => offers(page(path)).map((o) => `${path}: ${o.name}`))).toEqual([]);
});

test('the home page names the site (WebSite) and gives the business a logo of at least 112 px', () => {
  const home = nodes(page('/index'));
  expect(home).toContainEqual(
    expect.objectContaining({ '@type': 'WebSite', name: SITE.name, url: expect.any(String) as unknown }),
  );
  const business = home.find((n) => n['@type'] === 'HomeAndConstructionBusiness');
  const logo = business?.['logo'] as Node | undefined;
  expect(logo?.['url']).toMatch(/\/logo\.png$/);
  // The PNG's own size, from its header: width and height at bytes 16-23.
  const size = pngSize(readFileSync(`${root}dist/logo.png`));
  expect(size).toEqual({ width: Number(logo?.['width']), height: Number(logo?.['height']) });
  expect(Math.min(size?.width ?? 0, size?.height ?? 0)).toBeGreaterThanOrEqual(112);
});

test('articles name the business as publisher with the same logo', () => {
  const html = page('/blog/how-to-change-air-filter');
  const posting = nodes(html).find((n) => n['@type'] === 'BlogPosting');
  expect((posting?.['publisher'] as Node | undefined)?.['logo']).toEqual(
    expect.objectContaining({ url: expect.stringMatching(/\/logo\.png$/) as unknown }),
  );
});

test('every page describes its preview image (og:image:alt, twitter:image:alt)', () => {
  for (const [path, html] of pages) {
    for (const tag of ['property="og:image:alt"', 'name="twitter:image:alt"']) {
      expect(html, `${path}: ${tag}`).toMatch(new RegExp(`<meta ${tag} content="[^"]{20,}"`));
    }
  }
});
