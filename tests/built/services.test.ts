/**
 * What the service, plan and legal pages and the services hub hold, read from dist/
 * (docs/product/services.md#service-pages, docs/product/services.md#services-hub,
 * docs/product/site.md#page-metadata). How they behave in a browser (the booking card, the FAQ, the
 * links followed) is tests/e2e/services.spec.ts.
 */
import { describe, expect, test } from 'vitest';
import { SERVICE_TYPES, servicePriceCents } from '../../src/features/booking/pricing.ts';
import { PLANS } from '../../src/features/plans/plans.ts';
import { EXTRAS, extrasFor } from '../../src/features/extras/extras.ts';
import { formatCents, formatUsd } from '../../src/lib/format.ts';
import { LEGAL_PAGES, PLAN_PAGES, SERVICE_PAGES } from '../e2e/pages';
import {
  attr,
  builtPage,
  byExactText,
  byRole,
  canonical,
  hrefs,
  jsonLd,
  meta,
  oneByRole,
  parentOf,
  servedFile,
  shownByMarkup,
  text,
  title,
  all,
  byTag,
  type BuiltPage,
} from './dom';

const main = (page: BuiltPage) => oneByRole(page.document, 'main');
const service = (page: BuiltPage) => jsonLd(page).find((d) => d['@type'] === 'Service');

describe('every service, plan and legal page', () => {
  test('has its own title, description, canonical and JSON-LD', () => {
    const titles = new Set<string>();
    const breadcrumbs = new Set<string | undefined>();
    for (const path of [...SERVICE_PAGES, ...PLAN_PAGES, ...LEGAL_PAGES]) {
      const page = builtPage(path);
      const pageTitle = title(page);
      expect(titles.has(pageTitle), `${path} title is unique`).toBe(false);
      titles.add(pageTitle);
      const description = meta(page, 'description');
      expect(description?.length, path).toBeGreaterThanOrEqual(50);
      expect(description?.length, path).toBeLessThanOrEqual(160);
      expect(canonical(page), path).toMatch(new RegExp(`^https?://[^/]+${path}$`));
      expect(byRole(page.document, 'heading', { level: 1 }), path).toHaveLength(1);
      if (LEGAL_PAGES.includes(path)) continue;
      const data = jsonLd(page);
      expect(service(page), `${path} Service JSON-LD`).toBeDefined();
      expect(
        data.find((d) => d['@type'] === 'BreadcrumbList'),
        `${path} BreadcrumbList`,
      ).toBeDefined();
      const breadcrumb = oneByRole(page.document, 'navigation', { name: 'Breadcrumb' });
      expect(shownByMarkup(breadcrumb), `${path} breadcrumb shown`).toBe(true);
      breadcrumbs.add(attr(breadcrumb, 'class'));
    }
    // One markup for every page's breadcrumb, so services.spec.ts seeing one drawn sees them all drawn.
    expect(breadcrumbs.size).toBe(1);
  });

  test('offers carry the price we charge', () => {
    const expected: Record<string, string[]> = {
      '/services/air-filter-replacement': ['25.00'],
      '/services/dryer-vent-cleaning': ['35.00'],
      '/services/smoke-detector-batteries': ['20.00'],
      '/services/vacuum-cleanout': ['20.00'],
      // Only a price the page shows (docs/product/site.md#page-metadata): these show ranges or name the plans.
      '/services/autopilot-plans': [],
      '/services/water-softener-salt': [],
      '/autopilot-lite': ['39.00'],
      '/autopilot-full': ['59.00'],
    };
    for (const [path, prices] of Object.entries(expected)) {
      const offers = (service(builtPage(path))?.['offers'] ?? []) as Record<string, unknown>[];
      expect(
        offers.map((o) => o['price']),
        path,
      ).toEqual(prices);
      for (const offer of offers) expect(offer['priceCurrency']).toBe('USD');
    }
    expect(service(builtPage('/services/home-safety-assessment'))?.['offers']).toBeUndefined();
  });

  test('every link in the page content leads to a real page', () => {
    const targets = new Set<string>();
    for (const path of [...SERVICE_PAGES, ...PLAN_PAGES, ...LEGAL_PAGES]) {
      const page = builtPage(path);
      // As `main a[href^="/"], footer a[href^="/"]` selects them.
      const links = byTag(page.document, 'main', 'footer')
        .flatMap((part) => byTag(part, 'a'))
        .filter((a) => (attr(a, 'href') ?? '').startsWith('/'));
      for (const href of hrefs(links)) targets.add(href?.split('#')[0]?.split('?')[0] || '/');
    }
    for (const href of targets) expect(servedFile(href), href).toBe(true);
    expect(targets.size).toBeGreaterThan(15);
  });
});

describe('service page template', () => {
  test('has the sections of docs/product/services.md#service-pages and the phone number', () => {
    const page = builtPage('/services/dryer-vent-cleaning');
    for (const name of [
      'Overview',
      'Our Process',
      'Key Benefits',
      'Pricing Information',
      'Frequently Asked Questions',
      'Ready to Schedule Your Service?',
      'Related Services',
    ]) {
      const [heading] = byRole(page.document, 'heading', { level: 2, name, exact: true });
      expect(heading && shownByMarkup(heading), name).toBe(true);
    }
    const cta = oneByRole(page.document, 'region', { name: 'Ready to Schedule Your Service?' });
    expect(attr(oneByRole(cta, 'link', { name: '(417) 555-0142' }), 'href')).toBe('tel:+14175550142');
    expect(text(oneByRole(page.document, 'region', { name: 'Pricing Information' }))).toContain('$89-129');
    const relatedHeading = oneByRole(page.document, 'heading', { name: 'Related Services' });
    const related = byRole(parentOf(relatedHeading)!, 'link');
    const link = (name: string) => related.filter((a) => text(a).includes(name));
    expect(hrefs(link('Reverse Osmosis Filters'))).toEqual(['/services/reverse-osmosis-filters']);
    expect(hrefs(link('Home Safety Assessment'))).toEqual(['/services/home-safety-assessment']);
  });

  test('Schedule Service elsewhere opens the contact form with the service chosen', () => {
    const page = builtPage('/services/smoke-detector-batteries');
    const links = hrefs(byRole(main(page), 'link', { name: 'Schedule Service' }));
    expect(links.at(0)).toBe('/?service=smoke-detector-batteries#contact');
    expect(links.at(-1)).toBe('/?service=smoke-detector-batteries#contact');
  });

  test('a service page links the articles that explain it', () => {
    const guides = oneByRole(builtPage('/services/air-filter-replacement').document, 'region', {
      name: 'Learn more in our guides',
    });
    expect(byRole(guides, 'link')).toHaveLength(3);
    expect(hrefs(byRole(guides, 'link', { name: /How to Change an Air Filter/ }))).toEqual([
      '/blog/how-to-change-air-filter',
    ]);
    expect(
      byRole(builtPage('/services/dryer-vent-cleaning').document, 'region', { name: 'Learn more in our guides' }),
    ).toHaveLength(0);
  });
});

describe('services hub (docs/product/services.md#services-hub)', () => {
  const hub = () => builtPage('/services');
  const cards = () => byRole(main(hub()), 'article');
  const cardOf = (type: string) => cards().filter((card) => hrefs(byRole(card, 'link')).includes(`/services/${type}`));

  test('lists every service at the price the booking charges, each linking to its page', () => {
    expect(title(hub())).toBe('Services in Springfield, MO | Springfield Home Maintenance');
    expect(byRole(hub().document, 'heading', { level: 1 }).map(text)).toEqual([
      'Home maintenance services in Springfield, MO',
    ]);
    expect(cards()).toHaveLength(SERVICE_PAGES.length);
    for (const path of SERVICE_PAGES) {
      expect(
        all(main(hub()), (el) => el.tagName === 'a' && attr(el, 'href') === path),
        path,
      ).toHaveLength(1);
    }
    for (const type of SERVICE_TYPES) {
      const [card] = cardOf(type);
      const charged = formatCents(servicePriceCents(type, {}));
      const marked = all(card!, (el) => attr(el, 'data-price') === 'charge' && attr(el, 'data-service') === type);
      expect(marked.map(text).join(' | '), type).toContain(charged);
    }
    const [plans] = cardOf('autopilot-plans');
    for (const plan of PLANS) expect(text(plans!)).toContain(`${plan.name} ${formatUsd(plan.monthly)}/month`);
  });

  test('the price on the hub is the total the booking card shows', () => {
    for (const type of SERVICE_TYPES) {
      const [card] = cardOf(type);
      const charged = formatCents(servicePriceCents(type, {}));
      expect(text(card!), type).toContain(charged);
      expect(hrefs(byRole(card!, 'link', { name: /Details and booking/ })), type).toEqual([`/services/${type}`]);
      const booking = oneByRole(builtPage(`/services/${type}`).document, 'region', { name: 'Book Online' });
      const [total] = byExactText(booking, 'Total');
      expect(text(parentOf(total!)!), type).toContain(charged);
    }
  });

  test('is linked from the footer and the home page', () => {
    const home = builtPage('/');
    expect(hrefs(byRole(main(home), 'link', { name: 'All services and prices' }))).toEqual(['/services']);
    expect(hrefs(byRole(oneByRole(home.document, 'contentinfo'), 'link', { name: 'All services and prices' }))).toEqual(
      ['/services'],
    );
  });
});

describe('extras (docs/product/extras.md#where-customers-read-it)', () => {
  const HOW =
    'Parts beyond the visit are charged after it, at our listed prices, by a link we e-mail you; you can add a tip there.';
  /** The service pages whose visits use an extra with a listed price. */
  const pages = [...new Set(EXTRAS.filter((extra) => !extra.ownerPriced).flatMap((extra) => extra.services))];

  test('six service pages have extras with listed prices', () => {
    expect(pages.sort()).toEqual([
      'air-filter-replacement',
      'dryer-vent-cleaning',
      'light-bulb-replacement',
      'refrigerator-filters',
      'smoke-detector-batteries',
      'vacuum-cleanout',
    ]);
  });

  test.each(pages)(
    "/services/%s says how extras are charged and lists each of its extras at the catalogue's price",
    (id) => {
      const pricing = oneByRole(builtPage(`/services/${id}`).document, 'region', { name: 'Pricing Information' });
      expect(text(pricing)).toContain(HOW);
      const listed = all(pricing, (el) => attr(el, 'data-price') === 'extra');
      const expected = extrasFor([id]).filter((extra) => !extra.ownerPriced);
      expect(listed.map((el) => attr(el, 'data-extra'))).toEqual(expected.map((extra) => extra.id));
      expect(listed.map(text)).toEqual(expected.map((extra) => `${extra.name}: ${formatCents(extra.priceCents)}`));
    },
  );

  test('where a page says the bulbs or the filter are extra, the listed prices are there too', () => {
    for (const [id, question] of [
      ['light-bulb-replacement', 'Are the bulbs included in the price?'],
      ['refrigerator-filters', 'Why does the filter cost extra?'],
    ] as const) {
      const page = builtPage(`/services/${id}`);
      const [item] = all(page.document, (el) => el.nodeName === 'details' && text(el).startsWith(question));
      expect(item, question).toBeDefined();
      const prices = all(item!, (el) => attr(el, 'data-price') === 'extra').map((el) => attr(el, 'data-extra'));
      expect(prices, id).toEqual(
        extrasFor([id])
          .filter((extra) => !extra.ownerPriced)
          .map((extra) => extra.id),
      );
    }
  });

  test('the plan pages and the service agreement say it for plans', () => {
    for (const path of [...PLAN_PAGES, '/service-agreement']) {
      expect(text(main(builtPage(path))), path).toContain(HOW);
    }
  });
});
