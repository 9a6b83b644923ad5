import { type Page } from '@playwright/test';
import { expect, test } from './test';
import { expectNoAxeViolations } from './a11y';
import { LEGAL_PAGES, PLAN_PAGES, SERVICE_PAGES } from './pages';

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
      '/services/air-filter-replacement': ['25.00', '39.00', '59.00'],
      '/services/dryer-vent-cleaning': ['35.00'],
      '/services/smoke-detector-batteries': ['20.00', '39.00', '59.00'],
      '/services/vacuum-cleanout': ['20.00', '39.00', '59.00'],
      '/services/autopilot-plans': ['39.00', '59.00'],
      '/services/water-softener-salt': ['59.00'],
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

  for (const path of [...SERVICE_PAGES, ...PLAN_PAGES, ...LEGAL_PAGES]) {
    test(`${path} has no axe violations`, async ({ page }) => {
      await page.goto(path);
      await expectNoAxeViolations(page);
    });
  }
});

test.describe('service page template', () => {
  test('has the sections of docs/product.md#service-pages and the phone number', async ({ page }) => {
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
