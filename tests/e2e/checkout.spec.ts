import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './a11y';
import { signUpAndIn } from './customer';

test.describe('checkout', () => {
  test('an anonymous visitor pressing Subscribe goes to sign in', async ({ page }) => {
    await page.goto('/#autopilot');
    await page.getByRole('button', { name: 'Subscribe to Autopilot Lite' }).click();
    await expect(page).toHaveURL(/\/auth(\?|$)/);
  });

  test('subscribe to Autopilot Full from the home page, pay, and see it on the account page', async ({ page }) => {
    const email = `sam.${Date.now()}@example.com`;
    await signUpAndIn(page, email);
    await page.goto('/#autopilot');
    const popup = page.waitForEvent('popup');
    await page.getByRole('button', { name: 'Subscribe to Autopilot Full' }).click();
    const checkout = await popup;
    await expect(checkout.getByText('Total due today')).toBeVisible();
    await expect(checkout.locator('body')).toContainText('$59.00');
    await checkout.getByLabel('Name on card').fill('Sam Subscriber');
    await checkout.getByRole('button', { name: /^Subscribe \$59\.00/ }).click();
    await expect(checkout).toHaveURL(/\/payment-success\?session_id=cs_test_/);
    const sessionId = new URL(checkout.url()).searchParams.get('session_id') ?? '';
    await expect(checkout.getByRole('heading', { name: 'Processing Payment' })).toBeVisible();
    await expect(checkout.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();
    await expect(checkout.getByText('Order number:')).toContainText(
      `ORD-${sessionId.split('_').pop()?.slice(-8).toUpperCase()}`,
    );
    await expect(checkout.getByRole('link', { name: 'View Account' })).toBeVisible();
    await expect(checkout.getByRole('main').getByRole('link', { name: 'help@springfieldhome.example' })).toBeVisible();
    await expectNoAxeViolations(checkout);

    await checkout.getByRole('link', { name: 'View Account' }).click();
    await expect(checkout.getByText('Active', { exact: true })).toBeVisible();
    await expect(checkout.getByRole('region', { name: 'Subscription Status' })).toContainText('Autopilot Full');
    await expect(
      checkout.getByRole('region', { name: 'Quick Actions' }).getByRole('link', { name: 'Your Autopilot plan' }),
    ).toHaveAttribute('href', '/#autopilot');
    await expectNoAxeViolations(checkout);

    const portal = checkout.waitForEvent('popup');
    await checkout.getByRole('button', { name: 'Manage billing' }).click();
    const billing = await portal;
    await expect(billing.locator('body')).toContainText('Autopilot Full');
  });

  test('book an air filter replacement with premium filters: the checkout charges $30.00', async ({ page }) => {
    await signUpAndIn(page, `bo.${Date.now()}@example.com`);
    await page.goto('/services/air-filter-replacement');
    const card = page.locator('#booking');
    await card.getByRole('radio', { name: /^Premium/ }).check();
    await expect(card.locator('output')).toHaveText('$30.00');
    const popup = page.waitForEvent('popup');
    await card.getByRole('button', { name: /Book & Pay/ }).click();
    const checkout = await popup;
    await expect(checkout.getByRole('button', { name: 'Pay $30.00' })).toBeVisible();
    await checkout.getByLabel('Name on card').fill('Bo Booker');
    await checkout.getByRole('button', { name: 'Pay $30.00' }).click();
    await expect(checkout.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();
  });

  test('payment success without a session id shows no order number and, signed out, no account link', async ({
    page,
  }) => {
    await page.goto('/payment-success');
    await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();
    await expect(page.getByText('Order number:')).toBeHidden();
    await expect(page.getByRole('link', { name: 'View Account' })).toBeHidden();
    await expect(page.getByRole('link', { name: 'Return to Home' })).toHaveAttribute('href', '/');
  });
});
