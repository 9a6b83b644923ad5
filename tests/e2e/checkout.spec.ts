import { expect, test } from './test';
import { expectNoAxeViolations } from './a11y';
import { signUpAndIn } from './customer';
import { fillVisit } from './visit-fields';

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
    // 'Processing Payment' shows until 2 s after the navigation started; on a loaded machine that can
    // pass before the first look, so the served page is read instead of racing the timer.
    const served = await checkout.request.get(checkout.url());
    expect(await served.text()).toContain('>Processing Payment</h1>');
    await expect(checkout.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();
    await expect(checkout.getByText('Order number:')).toContainText(
      `ORD-${sessionId.split('_').pop()?.slice(-8).toUpperCase()}`,
    );
    await expect(checkout.getByRole('link', { name: 'View Account' })).toBeVisible();
    await expect(checkout.getByRole('main').getByRole('link', { name: 'help@springfieldhome.example' })).toBeVisible();
    await expectNoAxeViolations(checkout);

    await checkout.getByRole('link', { name: 'View Account' }).click();
    await expect(checkout.getByText('Active', { exact: true })).toBeVisible();
    const orders = checkout.getByRole('region', { name: 'Your Orders' });
    await expect(orders.getByRole('row', { name: /Autopilot Full subscription/ }).getByRole('cell')).toHaveText([
      `ORD-${sessionId.split('_').pop()?.slice(-8).toUpperCase()}`,
      'Autopilot Full subscription (monthly)',
      /\w+ \d{1,2}, \d{4}/,
      '$59.00',
    ]);
    await expect(checkout.getByRole('region', { name: 'Subscription Status' })).toContainText('Autopilot Full');
    await expect(
      checkout.getByRole('region', { name: 'Quick Actions' }).getByRole('link', { name: 'Your Autopilot plan' }),
    ).toHaveAttribute('href', '/#autopilot');
    await expectNoAxeViolations(checkout);

    const portal = checkout.waitForEvent('popup');
    await checkout.getByRole('button', { name: 'Manage billing' }).click();
    const billing = await portal;
    await expect(billing.locator('body')).toContainText('Autopilot Full');
    await billing.getByRole('button', { name: 'Cancel plan' }).click();
    await expect(billing.getByRole('button', { name: 'Keep plan' })).toBeVisible();

    // Back on the account tab: it re-reads the plan when it becomes visible again.
    const status = checkout.getByRole('region', { name: 'Subscription Status' });
    await expect(async () => {
      await checkout.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
      await expect(status).toContainText('Your plan is set to cancel', { timeout: 2_000 });
    }).toPass();
    await expect(status).toContainText(/Autopilot Full, ends on \w+ \d{1,2}, \d{4}/);
    await expect(status.getByText('Active', { exact: true })).toBeVisible();
    await expectNoAxeViolations(checkout);
  });

  test('book an air filter replacement with premium filters: the checkout charges $30.00', async ({ page }) => {
    await signUpAndIn(page, `bo.${Date.now()}@example.com`);
    await page.goto('/services/air-filter-replacement');
    const card = page.locator('#booking');
    await card.getByRole('radio', { name: /^Premium/ }).check();
    await expect(card.locator('output')).toHaveText('$30.00');
    await fillVisit(card);
    const popup = page.waitForEvent('popup');
    await card.getByRole('button', { name: /Book & Pay/ }).click();
    const checkout = await popup;
    await expect(checkout.getByRole('button', { name: 'Pay $30.00' })).toBeVisible();
    await checkout.getByLabel('Name on card').fill('Bo Booker');
    await checkout.getByRole('button', { name: 'Pay $30.00' }).click();
    await expect(checkout.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();
    await checkout.getByRole('link', { name: 'View Account' }).click();
    const order = checkout.getByRole('region', { name: 'Your Orders' }).getByRole('row', { name: /Air Filter/ });
    await expect(order.getByRole('cell')).toHaveText([
      /^ORD-/,
      'Air Filter Replacement (Premium filter)',
      /\d{4}$/,
      '$30.00',
    ]);
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
