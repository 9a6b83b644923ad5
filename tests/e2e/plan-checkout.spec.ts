/**
 * Buying a plan (docs/product/plans.md#billing-periods): one plan bought on its page as a person
 * does (the plan page, its sign-up form, the hosted checkout, payment success, the account); each
 * plan and period's price on the plan page and the hosted checkout, and on the account once bought;
 * what the account, the home page and the billing portal do for a subscriber. Customers and the
 * other plans are made through the APIs (api-setup.ts).
 */
import type { BrowserContext, Page } from '@playwright/test';
import { expect, test } from './test';
import { expectNoAxeViolations } from './a11y';
import { newCustomer, sharedSite, signInContext, subscribe, type Customer } from './api-setup';
import { fillForm, openForm, type PickerPeriod } from './plan-form';
import { BUSINESS_TIME_ZONE } from '../../src/lib/dates';

/** The embedded default's card-provider key (server/embedded/index.ts), for what the test does as the provider. */
const PROVIDER_KEY = 'sk_test_embedded_local';

/** Each plan and period: what the plan page, the hosted checkout and the account say. */
const CHOICES = [
  ['Autopilot Lite', '/autopilot-lite', 'Monthly', '$39', 'per month', '$39.00', 'per month', 'monthly', 1],
  [
    'Autopilot Lite',
    '/autopilot-lite',
    'Per visit',
    '$117',
    'per quarterly visit',
    '$117.00',
    'per 3 months',
    'every 3 months',
    3,
  ],
  [
    'Autopilot Lite',
    '/autopilot-lite',
    'Annual',
    '$420',
    'per year, paid in advance',
    '$420.00',
    'per year',
    'annual',
    12,
  ],
  ['Autopilot Full', '/autopilot-full', 'Monthly', '$59', 'per month', '$59.00', 'per month', 'monthly', 1],
  [
    'Autopilot Full',
    '/autopilot-full',
    'Per visit',
    '$177',
    'per quarterly visit',
    '$177.00',
    'per 3 months',
    'every 3 months',
    3,
  ],
  [
    'Autopilot Full',
    '/autopilot-full',
    'Annual',
    '$630',
    'per year, paid in advance',
    '$630.00',
    'per year',
    'annual',
    12,
  ],
] as const satisfies readonly (readonly [
  string,
  string,
  PickerPeriod,
  string,
  string,
  string,
  string,
  string,
  number,
])[];

/** The billing period the checkout functions take for each choice of the plan picker. */
const BILLING_PERIOD = { Monthly: 'monthly', 'Per visit': 'quarterly', Annual: 'annual' } as const;

/** How the hosted checkout writes a period (Stripe's own words). */
const CHECKOUT_PERIOD: Record<string, string> = {
  'per month': 'per month',
  'per 3 months': 'every 3 months',
  'per year': 'per year',
};

/**
 * The date `months` months from now as the account page writes it: the card provider bills the same
 * instant `months` later in UTC (the day clamped to the month's last), and the page writes that
 * instant's day in Springfield (src/lib/dates.ts). From 00:00 to 06:00 UTC Springfield is still on
 * the day before, so the machine's own date would be a day off. The provider's own pages (the
 * emulator's portal) write the day in UTC: `timeZone` 'UTC'.
 */
function monthsAhead(months: number, timeZone = BUSINESS_TIME_ZONE): string {
  const now = new Date();
  const target = new Date(now);
  target.setUTCDate(1);
  target.setUTCMonth(now.getUTCMonth() + months);
  const last = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(now.getUTCDate(), last));
  return target.toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone,
  });
}

/** Pays the hosted checkout open in `checkout` with the test card and waits for the way back. */
async function pay(checkout: Page): Promise<void> {
  await checkout.getByLabel('Name on card').fill('Dana Whitfield');
  await checkout.getByRole('button', { name: /^Subscribe \$/ }).click();
  await expect(checkout).toHaveURL(/\/payment-success\?session_id=cs_test_/);
}

/** A new customer (api-setup.ts) whose pages in `context` open signed in. */
async function signedIn(context: BrowserContext, label: string): Promise<Customer> {
  const site = sharedSite();
  const customer = await newCustomer(site, { label });
  await signInContext(context, site, customer);
  return customer;
}

/** A new customer with a live Autopilot Lite plan, monthly, bought as from the home page (no plan request). */
async function subscriber(context: BrowserContext, label: string): Promise<Customer> {
  const customer = await signedIn(context, label);
  await subscribe(sharedSite(), customer, { planType: 'lite' });
  return customer;
}

/** Makes the account tab read the plan again, as coming back from the portal's tab does. */
async function expectAfterReturn(account: Page, text: string | RegExp): Promise<void> {
  const status = account.getByRole('region', { name: 'Subscription Status' });
  await expect(async () => {
    await account.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
    await expect(status).toContainText(text, { timeout: 1000 });
  }).toPass({ timeout: 15_000 });
}

test.describe('buying a plan (docs/product/plans.md#billing-periods)', () => {
  // The plan checkout through the pages, as a person does it; the other choices are bought through the APIs.
  const [plan, path, pickerLabel, shown, per, charged, unit, periodName, months] = CHOICES[3];
  test(`${plan}, ${pickerLabel}, bought on the plan page: the checkout ${charged} ${unit}, payment success with the order number, the account the plan, the order and the details`, async ({
    context,
    page,
  }) => {
    const customer = await signedIn(context, 'buy');
    const picker = await openForm(page, path, pickerLabel);
    await expect(picker).toContainText(`${pickerLabel}: ${shown} ${per}.`);
    await fillForm(picker, customer.email);
    await picker.getByRole('button', { name: `Request ${plan}` }).click();
    const subscribeButton = picker.getByRole('button', { name: `Subscribe to ${plan}: ${charged} ${unit}` });
    await expect(subscribeButton).toBeVisible();

    const popup = page.waitForEvent('popup');
    await subscribeButton.click();
    const checkout = await popup;
    await expect(checkout.getByRole('heading', { name: `Subscribe to ${plan}` })).toBeVisible();
    await expect(checkout.getByText('Total due today')).toBeVisible();
    await expect(checkout.locator('.amount')).toHaveText(`${charged} ${CHECKOUT_PERIOD[unit]}`);
    await pay(checkout);
    const sessionId = new URL(checkout.url()).searchParams.get('session_id') ?? '';
    const orderNumber = `ORD-${sessionId.split('_').pop()?.slice(-8).toUpperCase()}`;
    // 'Processing Payment' shows until 2 s after the navigation started; on a loaded machine that can
    // pass before the first look, so the served page is read instead of racing the timer.
    const served = await checkout.request.get(checkout.url());
    expect(await served.text()).toContain('>Processing Payment</h1>');
    await expect(checkout.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();
    await expect(checkout.getByText('Order number:')).toContainText(orderNumber);
    await expect(checkout.getByRole('main').getByRole('link', { name: 'help@springfieldhome.example' })).toBeVisible();
    await expectNoAxeViolations(checkout);
    await checkout.getByRole('link', { name: 'View Account' }).click();

    const status = checkout.getByRole('region', { name: 'Subscription Status' });
    await expect(status.getByText('Active', { exact: true })).toBeVisible();
    await expect(status).toContainText(`${plan}, renews on ${monthsAhead(months)}`);
    await expect(status).toContainText(`Billing${charged} ${unit} (${periodName})`);
    await expect(status).toContainText(`Next charge${charged} on ${monthsAhead(months)}`);
    const orders = checkout.getByRole('region', { name: 'Your Orders' });
    await expect(orders.getByRole('row', { name: new RegExp(`${plan} subscription`) }).getByRole('cell')).toHaveText([
      orderNumber,
      `${plan} subscription (${periodName})`,
      /\w+ \d{1,2}, \d{4}/,
      charged,
    ]);
    // The plan page's details became the plan's.
    const visit = checkout.getByRole('region', { name: 'Visit details' });
    await expect(visit).toContainText('1200 E Battlefield Rd, Springfield, MO 65804');
    await expect(visit).toContainText('Saturdays');
  });

  for (const [plan, path, pickerLabel, shown, per, charged, unit, periodName, months] of CHOICES.filter(
    (_, i) => i !== 3,
  )) {
    test(`${plan}, ${pickerLabel}: the plan page shows ${shown}, the checkout ${charged} ${unit}, the account the plan`, async ({
      context,
      page,
    }) => {
      const customer = await signedIn(context, 'buy');
      const picker = await openForm(page, path, pickerLabel);
      await expect(picker).toContainText(`${pickerLabel}: ${shown} ${per}.`);
      await fillForm(picker, customer.email);
      await picker.getByRole('button', { name: `Request ${plan}` }).click();
      const subscribeButton = picker.getByRole('button', { name: `Subscribe to ${plan}: ${charged} ${unit}` });
      await expect(subscribeButton).toBeVisible();

      const popup = page.waitForEvent('popup');
      await subscribeButton.click();
      const checkout = await popup;
      await expect(checkout.getByRole('heading', { name: `Subscribe to ${plan}` })).toBeVisible();
      await expect(checkout.locator('.amount')).toHaveText(`${charged} ${CHECKOUT_PERIOD[unit]}`);
      await checkout.close();

      // Bought through the APIs (a new checkout of the same plan and period): what the account shows.
      await subscribe(sharedSite(), customer, {
        planType: plan === 'Autopilot Lite' ? 'lite' : 'full',
        billingPeriod: BILLING_PERIOD[pickerLabel],
      });
      await page.goto('/account');
      const status = page.getByRole('region', { name: 'Subscription Status' });
      await expect(status.getByText('Active', { exact: true })).toBeVisible();
      await expect(status).toContainText(`${plan}, renews on ${monthsAhead(months)}`);
      await expect(status).toContainText(`Billing${charged} ${unit} (${periodName})`);
      await expect(status).toContainText(`Next charge${charged} on ${monthsAhead(months)}`);
    });
  }

  test('visit details are edited on the account page, checked field by field', async ({ context, page }) => {
    await subscriber(context, 'visit');
    await page.goto('/account');
    const account = page;
    const visit = account.getByRole('region', { name: 'Visit details' });
    // Bought from the home page: no plan request came with it.
    await expect(visit).toContainText('No visit details yet');
    await visit.getByRole('button', { name: 'Add visit details' }).click();
    await visit.getByLabel('Full name').fill('Sam Subscriber');
    await visit.getByRole('button', { name: 'Save visit details' }).click();
    await expect(visit.getByText('Please enter your phone number')).toBeVisible();
    await expect(visit.getByLabel('Phone')).toBeFocused();
    await expect(visit.getByLabel('Phone')).toHaveAttribute('aria-invalid', 'true');
    await visit.getByLabel('Phone').fill('417-555-0142');
    await visit.getByLabel('Street address').fill('88 Main St');
    await visit.getByLabel('City').fill('Nixa');
    await visit.getByLabel('ZIP code').fill('65714');
    await visit.getByLabel('Preferred visit time (optional)').selectOption('evenings');
    await expectNoAxeViolations(account);
    await visit.getByRole('button', { name: 'Save visit details' }).click();
    await expect(visit.getByRole('status')).toHaveText('Visit details saved. We will use them for your next visit.');
    await expect(visit).toContainText('88 Main St, Nixa, MO 65714');
    await account.reload();
    await expect(account.getByRole('region', { name: 'Visit details' })).toContainText('88 Main St, Nixa, MO 65714');
  });
});

test.describe('one live plan per customer (docs/product/plans.md#one-live-plan-per-customer)', () => {
  test('Lite then Full checkout opened: the Lite one expires; a second plan paid anyway is refunded and explained', async ({
    context,
    page,
  }) => {
    const customer = await signedIn(context, 'race');
    const { email } = customer;
    await page.goto('/#autopilot');
    const litePopup = page.waitForEvent('popup');
    await page.getByRole('button', { name: 'Subscribe to Autopilot Lite' }).click();
    const lite = await litePopup;
    await expect(lite.locator('.amount')).toHaveText('$39.00 per month');

    // The Full checkout opened after it, and paid.
    await subscribe(sharedSite(), customer, { planType: 'full', billingPeriod: 'annual' });

    // The Lite tab was opened first: its checkout has expired and charges nothing.
    await lite.getByLabel('Name on card').fill('Dana Whitfield');
    await lite.getByRole('button', { name: /^Subscribe \$/ }).click();
    await expect(lite.getByRole('heading', { name: 'This checkout has expired' })).toBeVisible();

    // A race the expiry lost: another subscription checkout of this customer, made straight at the
    // card provider (as one created in the same instant would be), is paid too.
    const auth = { Authorization: `Bearer ${PROVIDER_KEY}` };
    const customers = await page.request.get(`/v1/customers?email=${encodeURIComponent(email)}`, { headers: auth });
    const atProvider = ((await customers.json()) as { data: { id: string; metadata: { user_id: string } }[] }).data[0];
    const prices = await page.request.get('/v1/prices?lookup_keys[]=autopilot_lite_monthly', { headers: auth });
    const price = ((await prices.json()) as { data: { id: string }[] }).data[0];
    const metadata = { user_id: atProvider?.metadata.user_id ?? '', plan: 'lite', billing_period: 'monthly' };
    const created = await page.request.post('/v1/checkout/sessions', {
      headers: auth,
      form: {
        mode: 'subscription',
        customer: atProvider?.id ?? '',
        client_reference_id: metadata.user_id,
        'line_items[0][price]': price?.id ?? '',
        'line_items[0][quantity]': '1',
        'metadata[user_id]': metadata.user_id,
        'metadata[plan]': 'lite',
        'subscription_data[metadata][user_id]': metadata.user_id,
        'subscription_data[metadata][plan]': 'lite',
        success_url: `${new URL(page.url()).origin}/payment-success?session_id={CHECKOUT_SESSION_ID}`,
      },
    });
    expect(created.status()).toBe(200);
    const second = await page.context().newPage();
    await second.goto(((await created.json()) as { url: string }).url);
    await pay(second);
    await expect(second.getByRole('heading', { name: 'You already have an Autopilot plan' })).toBeFocused();
    await expect(second.getByRole('main')).toContainText(
      'Your Autopilot Full (annual) plan continues as it is. The second plan, Autopilot Lite (monthly), was cancelled at once and its payment of $39.00 has been refunded to your card',
    );
    await expect(second.getByRole('heading', { name: 'Payment Successful!' })).toBeHidden();
    await expectNoAxeViolations(second);

    await second.getByRole('link', { name: 'View Account' }).click();
    const status = second.getByRole('region', { name: 'Subscription Status' });
    await expect(status).toContainText('Autopilot Full, renews on');
    await expect(status).toContainText('You already have an Autopilot plan');
    await expect(status).toContainText('its payment of $39.00 has been refunded');
    const orders = second.getByRole('region', { name: 'Your Orders' });
    await expect(orders.getByRole('row', { name: /Autopilot Lite subscription/ })).toContainText('refunded');
    await expect(orders.getByRole('row', { name: /Autopilot Full subscription \(annual\)/ })).toContainText('$630.00');
    // A phone shows the orders as a list: the refund is told there too.
    await second.setViewportSize({ width: 390, height: 844 });
    await expect(
      orders
        .getByRole('list', { name: 'Your paid orders, newest first' })
        .getByRole('listitem')
        .filter({ hasText: 'Autopilot Lite subscription' }),
    ).toContainText('Autopilot Lite subscription, refunded');
  });

  test('a subscriber pressing Subscribe on the plan page sees the plan message and Change plan', async ({
    context,
    page,
  }) => {
    const customer = await subscriber(context, 'again');
    // The home page's Subscribe tells the same, at the bottom of the screen: the tests below.
    const picker = await openForm(page, '/autopilot-full', 'Per visit');
    await fillForm(picker, customer.email);
    await picker.getByRole('button', { name: 'Request Autopilot Full' }).click();
    await picker.getByRole('button', { name: 'Subscribe to Autopilot Full: $177.00 per 3 months' }).click();
    await expect(picker.getByRole('alert')).toHaveText(
      'You already have an active Autopilot plan. Manage it from your account.',
    );
    await expect(picker.getByRole('button', { name: 'Change plan' })).toBeVisible();
  });

  for (const { width, height } of [
    { width: 390, height: 844 },
    { width: 1280, height: 720 },
  ]) {
    test(`at ${width} px, a subscriber pressing the home page's Subscribe at the bottom of the screen is shown why, with Change plan`, async ({
      context,
      page,
    }) => {
      await subscriber(context, `again-${width}`);

      await page.setViewportSize({ width, height });
      await page.goto('/');
      const card = page.getByRole('article', { name: 'Autopilot Full' });
      const subscribe = card.getByRole('button', { name: 'Subscribe to Autopilot Full' });
      // Scrolled to as a reader scrolling down reaches it: the button at the screen's bottom edge,
      // where the message under it starts out of view.
      await subscribe.evaluate((el) => {
        el.scrollIntoView({ block: 'end', behavior: 'instant' });
        return new Promise<void>((drawn) => requestAnimationFrame(() => requestAnimationFrame(() => drawn())));
      });
      await expect(subscribe).toBeInViewport({ ratio: 1 });
      await subscribe.click();
      const why = card.getByRole('alert');
      await expect(why).toHaveText('You already have an active Autopilot plan. Manage it from your account.');
      await expect(why).toBeInViewport({ ratio: 1 });
      const changePlan = card.getByRole('button', { name: 'Change plan' });
      await expect(changePlan).toBeInViewport({ ratio: 1 });
      await expectNoAxeViolations(page);
      const portal = page.waitForEvent('popup');
      await changePlan.click();
      await expect((await portal).getByRole('link', { name: 'Change plan' })).toBeVisible();
    });
  }
});

test.describe('changing plan in the billing portal (docs/product/plans.md#cancellation-and-plan-changes)', () => {
  test('Lite monthly to Full annual: the portal shows the prorated charge and the account follows', async ({
    context,
    page,
  }) => {
    await subscriber(context, 'switch');
    await page.goto('/account');
    const account = page;
    const status = account.getByRole('region', { name: 'Subscription Status' });
    await expect(status).toContainText('Billing$39.00 per month (monthly)');

    const popup = account.waitForEvent('popup');
    await status.getByRole('button', { name: 'Manage billing' }).click();
    const portal = await popup;
    await portal.getByRole('link', { name: 'Change plan' }).click();
    await portal.getByRole('button', { name: 'Select Autopilot Full, $630.00 per year' }).click();
    await expect(portal.getByRole('heading', { name: 'Confirm your new plan' })).toBeVisible();
    // A year of Full less the unused month of Lite, to the second.
    await expect(portal.locator('dl')).toContainText(/Amount due today\$591\.0[01]/);
    await expect(portal.locator('dl')).toContainText(`Next payment$630.00 on ${monthsAhead(12, 'UTC')}`);
    await portal.getByRole('button', { name: 'Confirm' }).click();
    await expect(portal.getByRole('status')).toHaveText('Your plan has been changed.');
    await expect(portal.locator('body')).toContainText('$630.00 per year');

    // The plan line and the billing line come from two calls; a late webhook can answer one before
    // the other, so both are waited for across refreshes.
    await expectAfterReturn(account, 'Autopilot Full');
    await expectAfterReturn(account, 'Billing$630.00 per year (annual)');
    await expect(status).toContainText(`Autopilot Full, renews on ${monthsAhead(12)}`);
    await expect(status).toContainText(`Next charge$630.00 on ${monthsAhead(12)}`);
  });
});
