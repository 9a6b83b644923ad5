/**
 * Checkout's ways in and out (docs/product/checkout.md#checkout-and-orders): Subscribe signed out, a subscriber's
 * account and billing portal, payment success without a session. The plan bought through the
 * pages is plan-checkout.spec.ts's, the booking paid through the card booking.spec.ts's; the plan
 * here is bought through the APIs (api-setup.ts).
 */
import { expect, test } from './test';
import { expectNoAxeViolations } from './a11y';
import { newCustomer, sharedSite, signInContext, subscribe } from './api-setup';

test.describe('checkout', () => {
  test('an anonymous visitor pressing Subscribe goes to sign in', async ({ page }) => {
    await page.goto('/#autopilot');
    await page.getByRole('button', { name: 'Subscribe to Autopilot Lite' }).click();
    await expect(page).toHaveURL(/\/auth(\?|$)/);
  });

  test('a subscriber to Autopilot Full sees it on the account page, with its order, and cancels it in the portal', async ({
    context,
    page,
  }) => {
    const site = sharedSite();
    const customer = await newCustomer(site, { label: 'sam' });
    await signInContext(context, site, customer);
    await subscribe(site, customer, { planType: 'full' });
    await page.goto('/account');
    await expect(page.getByText('Active', { exact: true })).toBeVisible();
    const orders = page.getByRole('region', { name: 'Your Orders' });
    // The number payment success showed for this checkout: plan-checkout.spec.ts.
    await expect(orders.getByRole('row', { name: /Autopilot Full subscription/ }).getByRole('cell')).toHaveText([
      /^ORD-[A-Z0-9]{8}$/,
      'Autopilot Full subscription (monthly)',
      /\w+ \d{1,2}, \d{4}/,
      '$59.00',
    ]);
    await expect(page.getByRole('region', { name: 'Subscription Status' })).toContainText('Autopilot Full');
    await expect(
      page.getByRole('region', { name: 'Quick Actions' }).getByRole('link', { name: 'Your Autopilot plan' }),
    ).toHaveAttribute('href', '/#autopilot');
    await expectNoAxeViolations(page);

    const portal = page.waitForEvent('popup');
    await page.getByRole('button', { name: 'Manage billing' }).click();
    const billing = await portal;
    await expect(billing.locator('body')).toContainText('Autopilot Full');
    await billing.getByRole('button', { name: 'Cancel plan' }).click();
    await expect(billing.getByRole('button', { name: 'Keep plan' })).toBeVisible();

    // Back on the account tab: it re-reads the plan when it becomes visible again.
    const status = page.getByRole('region', { name: 'Subscription Status' });
    await expect(async () => {
      await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
      await expect(status).toContainText('Your plan is set to cancel', { timeout: 2_000 });
    }).toPass();
    await expect(status).toContainText(/Autopilot Full, ends on \w+ \d{1,2}, \d{4}/);
    await expect(status.getByText('Active', { exact: true })).toBeVisible();
    await expectNoAxeViolations(page);
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
