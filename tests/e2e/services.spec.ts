/**
 * What the service pages do in a browser: the booking card's totals, the FAQ, the links followed.
 * What they hold (titles, structured data, offers, sections, links, the hub's prices) is read from
 * dist/ by tests/built/services.test.ts; axe and the page policy check every page in
 * a11y-sweep.spec.ts.
 */
import { expect, test } from './test';

test('the air filter page: its booking card by each filter grade, the FAQ, Schedule Service and the breadcrumb', async ({
  page,
}) => {
  await page.goto('/services/air-filter-replacement');
  await test.step('each filter grade', async () => {
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

  await test.step('the FAQ keeps one item open at a time and the open item closes on click', async () => {
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

  await test.step('Schedule Service goes to the booking card', async () => {
    await page.getByRole('main').getByRole('link', { name: 'Schedule Service' }).first().click();
    await expect(page).toHaveURL(/#booking$/);
    await expect(page.getByRole('heading', { name: 'Book Online' })).toBeInViewport();
  });

  await test.step('the breadcrumb shows and goes through the services hub', async () => {
    // Every service and plan page has this breadcrumb's markup (tests/built/services.test.ts).
    const breadcrumb = page.getByRole('navigation', { name: 'Breadcrumb' });
    await expect(breadcrumb).toBeVisible();
    await breadcrumb.getByRole('link', { name: 'Services' }).click();
    await expect(page).toHaveURL(/\/services$/);
  });
});

test.describe('booking card totals come from the pricing module', () => {
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
