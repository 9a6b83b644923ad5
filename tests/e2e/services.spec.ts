import { type Page } from '@playwright/test';
import { expect, test } from './test';
import { expectNoAxeViolations } from './a11y';
import { HUB_PAGES, LEGAL_PAGES, PLAN_PAGES, SERVICE_PAGES } from './pages';
import { SERVICE_TYPES, servicePriceCents } from '../../src/features/booking/pricing.ts';
import { PLANS } from '../../src/features/plans/plans.ts';
import { formatCents, formatUsd } from '../../src/lib/format.ts';

async function jsonLd(page: Page): Promise<Array<Record<string, unknown>>> {
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  return blocks.map((b) => JSON.parse(b) as Record<string, unknown>);
}

test.describe('every service, plan and legal page', () => {
  test('has its own title, description, canonical and JSON-LD', async ({ page }) => {
    const titles = new Set<string>();
    for (const path of [...SERVICE_PAGES, ...PLAN_PAGES, ...LEGAL_PAGES]) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(200);
      const title = await page.title();
      expect(titles.has(title), `${path} title is unique`).toBe(false);
      titles.add(title);
      const description = await page.locator('meta[name="description"]').getAttribute('content');
      expect(description?.length, path).toBeGreaterThanOrEqual(50);
      expect(description?.length, path).toBeLessThanOrEqual(160);
      expect(await page.locator('link[rel="canonical"]').getAttribute('href'), path).toMatch(
        new RegExp(`^https?://[^/]+${path}$`),
      );
      await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
      if (LEGAL_PAGES.includes(path)) continue;
      const data = await jsonLd(page);
      const service = data.find((d) => d['@type'] === 'Service');
      expect(service, `${path} Service JSON-LD`).toBeDefined();
      const crumbs = data.find((d) => d['@type'] === 'BreadcrumbList');
      expect(crumbs, `${path} BreadcrumbList`).toBeDefined();
      await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toBeVisible();
    }
  });

  test('offers carry the price we charge', async ({ page }) => {
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
      await page.goto(path);
      const service = (await jsonLd(page)).find((d) => d['@type'] === 'Service');
      const offers = (service?.['offers'] ?? []) as Array<Record<string, unknown>>;
      expect(
        offers.map((o) => o['price']),
        path,
      ).toEqual(prices);
      for (const offer of offers) expect(offer['priceCurrency']).toBe('USD');
    }
    await page.goto('/services/home-safety-assessment');
    const safety = (await jsonLd(page)).find((d) => d['@type'] === 'Service');
    expect(safety?.['offers']).toBeUndefined();
  });

  test('every link in the page content leads to a real page', async ({ page, request }) => {
    const hrefs = new Set<string>();
    for (const path of [...SERVICE_PAGES, ...PLAN_PAGES, ...LEGAL_PAGES]) {
      await page.goto(path);
      const links = await page
        .locator('main a[href^="/"], footer a[href^="/"]')
        .evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? ''));
      for (const href of links) hrefs.add(href.split('#')[0]?.split('?')[0] || '/');
    }
    // The account page arrives with the accounts issue; every other link must resolve now.
    hrefs.delete('/account');
    for (const href of hrefs) {
      const res = await request.get(href);
      expect(res.status(), href).toBe(200);
    }
    expect(hrefs.size).toBeGreaterThan(15);
  });

  for (const path of [...HUB_PAGES, ...SERVICE_PAGES, ...PLAN_PAGES, ...LEGAL_PAGES]) {
    test(`${path} has no axe violations`, async ({ page }) => {
      await page.goto(path);
      await expectNoAxeViolations(page);
    });
  }
});

test.describe('service page template', () => {
  test('has the sections of docs/product/services.md#service-pages and the phone number', async ({ page }) => {
    await page.goto('/services/dryer-vent-cleaning');
    for (const name of [
      'Overview',
      'Our Process',
      'Key Benefits',
      'Pricing Information',
      'Frequently Asked Questions',
      'Ready to Schedule Your Service?',
      'Related Services',
    ]) {
      await expect(page.getByRole('heading', { level: 2, name, exact: true })).toBeVisible();
    }
    const cta = page.getByRole('region', { name: 'Ready to Schedule Your Service?' });
    await expect(cta.getByRole('link', { name: '(417) 555-0142' })).toHaveAttribute('href', 'tel:+14175550142');
    await expect(page.getByRole('region', { name: 'Pricing Information' })).toContainText('$89-129');
    const related = page.getByRole('heading', { name: 'Related Services' }).locator('..').getByRole('link');
    await expect(related.filter({ hasText: 'Reverse Osmosis Filters' })).toHaveAttribute(
      'href',
      '/services/reverse-osmosis-filters',
    );
    await expect(related.filter({ hasText: 'Home Safety Assessment' })).toHaveAttribute(
      'href',
      '/services/home-safety-assessment',
    );
  });

  test('Schedule Service goes to the booking card on the air filter page', async ({ page }) => {
    await page.goto('/services/air-filter-replacement');
    await page.getByRole('main').getByRole('link', { name: 'Schedule Service' }).first().click();
    await expect(page).toHaveURL(/#booking$/);
    await expect(page.getByRole('heading', { name: 'Book Online' })).toBeInViewport();
  });

  test('Schedule Service elsewhere opens the contact form with the service chosen', async ({ page }) => {
    await page.goto('/services/smoke-detector-batteries');
    const links = page.getByRole('main').getByRole('link', { name: 'Schedule Service' });
    await expect(links.first()).toHaveAttribute('href', '/?service=smoke-detector-batteries#contact');
    await expect(links.last()).toHaveAttribute('href', '/?service=smoke-detector-batteries#contact');
  });

  test('FAQ keeps one item open at a time and the open item closes on click', async ({ page }) => {
    await page.goto('/services/air-filter-replacement');
    const faq = page.locator('details[name="faq"]');
    const first = faq.nth(0);
    const second = faq.nth(1);
    await first.locator('summary').click();
    await expect(first).toHaveAttribute('open', '');
    await second.locator('summary').click();
    await expect(second).toHaveAttribute('open', '');
    await expect(first).not.toHaveAttribute('open', '');
    await second.locator('summary').click();
    await expect(second).not.toHaveAttribute('open', '');
    // By keyboard too.
    await first.locator('summary').focus();
    await page.keyboard.press('Enter');
    await expect(first).toHaveAttribute('open', '');
    await expect(first.locator('p')).toBeVisible();
  });
});

test.describe('booking card totals come from the pricing module', () => {
  test('air filter: each filter grade', async ({ page }) => {
    await page.goto('/services/air-filter-replacement');
    const card = page.locator('#booking');
    const total = card.locator('output');
    await expect(card.getByRole('radio', { name: /Standard/ })).toBeChecked();
    await expect(total).toHaveText('$25.00');
    for (const [grade, price] of [
      ['Premium', '$30.00'],
      ['Super Premium', '$35.00'],
      ['Ultra Premium', '$40.00'],
      ['Standard', '$25.00'],
    ] as const) {
      await card.getByRole('radio', { name: new RegExp(`^${grade}`) }).check();
      await expect(total).toHaveText(price);
    }
    // Keyboard: arrow keys move through the grades.
    await card.getByRole('radio', { name: /^Standard/ }).focus();
    await page.keyboard.press('ArrowDown');
    await expect(total).toHaveText('$30.00');
    await expect(card.getByRole('button', { name: /Book & Pay/ })).toBeEnabled();
  });

  test('smoke detectors: $10 per additional detector, 0 to 10', async ({ page }) => {
    await page.goto('/services/smoke-detector-batteries');
    const card = page.locator('#booking');
    const total = card.locator('output');
    const input = card.getByLabel('Additional detectors');
    await expect(input).toHaveValue('0');
    await expect(total).toHaveText('$20.00');
    await card.getByRole('button', { name: 'More' }).click();
    await card.getByRole('button', { name: 'More' }).click();
    await expect(input).toHaveValue('2');
    await expect(total).toHaveText('$40.00');
    await input.fill('10');
    await expect(total).toHaveText('$120.00');
    await input.fill('11');
    await expect(card.getByRole('alert')).toHaveText('Enter a whole number from 0 to 10.');
    await expect(input).toHaveAttribute('aria-invalid', 'true');
    await expect(card.getByRole('button', { name: /Book & Pay/ })).toBeDisabled();
    await card.getByRole('button', { name: 'Fewer' }).click();
    await expect(input).toHaveValue('10');
    await expect(card.getByRole('alert')).toBeHidden();
    await expect(card.getByRole('button', { name: /Book & Pay/ })).toBeEnabled();
  });

  test('vacuum clean-out: $20 per vent, 1 to 20, default 1', async ({ page }) => {
    await page.goto('/services/vacuum-cleanout');
    const card = page.locator('#booking');
    const total = card.locator('output');
    const input = card.getByLabel('Number of vents');
    await expect(input).toHaveValue('1');
    await expect(total).toHaveText('$20.00');
    await input.fill('3');
    await expect(total).toHaveText('$60.00');
    await input.fill('20');
    await expect(total).toHaveText('$400.00');
    await input.fill('0');
    await expect(card.getByRole('alert')).toHaveText('Enter a whole number from 1 to 20.');
    await input.fill('');
    await expect(card.getByRole('button', { name: /Book & Pay/ })).toBeDisabled();
    await card.getByRole('button', { name: 'Fewer' }).click();
    await expect(input).toHaveValue('1');
    await expect(total).toHaveText('$20.00');
  });

  test('fixed-price services show their price', async ({ page }) => {
    for (const [path, price] of [
      ['/services/dryer-vent-cleaning', '$35.00'],
      ['/services/light-bulb-replacement', '$20.00'],
      ['/services/refrigerator-filters', '$20.00'],
    ] as const) {
      await page.goto(path);
      await expect(page.locator('#booking output')).toHaveText(price);
    }
    await page.goto('/services/water-softener-salt');
    await expect(page.locator('#booking')).toHaveCount(0);
  });
});

test.describe('services hub (docs/product/services.md#services-hub)', () => {
  test('lists every service at the price the booking charges, each linking to its page', async ({ page }) => {
    const response = await page.goto('/services');
    expect(response?.status()).toBe(200);
    await expect(page).toHaveTitle('Services in Springfield, MO | Springfield Home Maintenance');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Home maintenance services in Springfield, MO');
    const cards = page.getByRole('main').getByRole('article');
    await expect(cards).toHaveCount(SERVICE_PAGES.length);
    for (const path of SERVICE_PAGES) {
      const link = page.getByRole('main').locator(`a[href="${path}"]`);
      await expect(link, path).toHaveCount(1);
    }
    for (const type of SERVICE_TYPES) {
      const card = cards.filter({ has: page.locator(`a[href="/services/${type}"]`) });
      const charged = formatCents(servicePriceCents(type, {}));
      await expect(card.locator(`[data-price="charge"][data-service="${type}"]`), type).toContainText(charged);
    }
    const plans = cards.filter({ has: page.locator('a[href="/services/autopilot-plans"]') });
    for (const plan of PLANS) await expect(plans).toContainText(`${plan.name} ${formatUsd(plan.monthly)}/month`);
  });

  test('the price on the hub is the total the booking card shows', async ({ page }) => {
    for (const type of SERVICE_TYPES) {
      await page.goto('/services');
      const card = page.getByRole('article').filter({ has: page.locator(`a[href="/services/${type}"]`) });
      const charged = formatCents(servicePriceCents(type, {}));
      await expect(card, type).toContainText(charged);
      await card.getByRole('link', { name: /Details and booking/ }).click();
      await expect(page).toHaveURL(new RegExp(`/services/${type}$`));
      const total = page.getByRole('region', { name: 'Book Online' }).getByText('Total', { exact: true }).locator('..');
      await expect(total, type).toContainText(charged);
    }
  });

  test('is linked from the footer and the home page, and the breadcrumb of a service page goes through it', async ({
    page,
  }) => {
    await page.goto('/');
    await expect(page.getByRole('main').getByRole('link', { name: 'All services and prices' })).toHaveAttribute(
      'href',
      '/services',
    );
    await expect(page.getByRole('contentinfo').getByRole('link', { name: 'All services and prices' })).toHaveAttribute(
      'href',
      '/services',
    );
    await page.goto('/services/dryer-vent-cleaning');
    await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Services' }).click();
    await expect(page).toHaveURL(/\/services$/);
  });

  test('a service page links the articles that explain it', async ({ page }) => {
    await page.goto('/services/air-filter-replacement');
    const guides = page.getByRole('region', { name: 'Learn more in our guides' });
    await expect(guides.getByRole('link')).toHaveCount(3);
    await expect(guides.getByRole('link', { name: /How to Change an Air Filter/ })).toHaveAttribute(
      'href',
      '/blog/how-to-change-air-filter',
    );
    await page.goto('/services/dryer-vent-cleaning');
    await expect(page.getByRole('region', { name: 'Learn more in our guides' })).toHaveCount(0);
  });
});
