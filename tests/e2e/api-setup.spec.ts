/**
 * The e2e set-up module (tests/e2e/api-setup.ts) against the shared server: what it makes through
 * the APIs is what the pages show, as if the customer had signed up, booked and subscribed on them.
 * Each call's time is recorded as an annotation of its test.
 */
import { bookingVisit } from '../support/visit';
import { bookAndPay, newCustomer, sharedSite, signInContext, subscribe, type Site } from './api-setup';
import { expect, test } from './test';

/** Runs `step`, recording how long it took on the test. */
async function timed<T>(what: string, step: () => Promise<T>): Promise<T> {
  const start = performance.now();
  const result = await step();
  test.info().annotations.push({ type: 'timing', description: `${what}: ${Math.round(performance.now() - start)} ms` });
  return result;
}

test.describe('set-up through the APIs', () => {
  let site: Site;
  // In a hook as in a test: sharedSite() reads the running project's configuration.
  test.beforeAll(() => {
    site = sharedSite();
  });

  test('a customer made by newCustomer and stored by signInContext opens /account signed in', async ({
    context,
    page,
  }) => {
    const customer = await timed('newCustomer', () => newCustomer(site, { label: 'api-setup', name: 'Robin Diaz' }));
    await timed('signInContext', () => signInContext(context, site, customer));
    expect(customer.email).toMatch(/^api-setup-.+@example\.com$/);

    await page.goto('/account');
    await expect(page.getByRole('banner').getByRole('button', { name: 'My Account' })).toBeVisible();
    const info = page.getByRole('region', { name: 'Account Information' });
    await expect(info).toContainText(customer.email);
    await expect(info).toContainText('Verified');
    await expect(page.getByRole('region', { name: 'Upcoming Visits' })).toContainText('No visits booked yet.');
    // The site's own client holds the session: a reload keeps it, and a sign-out ends it for good
    // (nothing writes the first session back on the next page).
    await page.reload();
    const header = page.getByRole('banner');
    await header.getByRole('button', { name: 'My Account' }).click();
    await header.getByRole('menuitem', { name: 'Sign Out' }).click();
    await expect(page).toHaveURL(/\/$/);
    await page.goto('/account');
    await expect(page).toHaveURL(/\/auth\?return=/);
  });

  test('bookAndPay makes a visit the account page lists under Upcoming Visits', async ({ context, page }) => {
    const customer = await timed('newCustomer', () =>
      newCustomer(site, { label: 'api-setup-booking', name: 'Robin Diaz' }),
    );
    await timed('signInContext', () => signInContext(context, site, customer));
    const visit = bookingVisit();
    const booked = await timed('bookAndPay', () => bookAndPay(site, customer, { visit }));
    expect(booked.sessionId).toMatch(/^cs_test_/);

    await page.goto('/account');
    const visits = page.getByRole('list', { name: 'Your upcoming visits, soonest first' });
    const item = visits.getByRole('listitem').filter({ hasText: booked.orderNumber });
    await expect(item).toContainText('Dryer Vent Cleaning');
    await expect(item).toContainText(`${visit.street}, ${visit.city}`);
    await expect(item.getByRole('link', { name: /^Reschedule or cancel/ })).toHaveAttribute(
      'href',
      `/visit?id=${booked.visitId}`,
    );
    await expect(page.getByRole('region', { name: 'Your Orders' })).toContainText(booked.orderNumber);
  });

  test('subscribe makes /account show the plan and its visit details', async ({ context, page }) => {
    const customer = await timed('newCustomer', () =>
      newCustomer(site, { label: 'api-setup-plan', name: 'Robin Diaz' }),
    );
    await timed('signInContext', () => signInContext(context, site, customer));
    await timed('subscribe', () =>
      subscribe(site, customer, {
        planType: 'full',
        billingPeriod: 'quarterly',
        details: { preferredDay: 'weekdays' },
      }),
    );

    await page.goto('/account');
    const plan = page.getByRole('region', { name: 'Subscription Status' });
    await expect(plan).toContainText('Active');
    await expect(plan).toContainText('Autopilot Full');
    await expect(plan).toContainText('every 3 months');
    const details = page.getByRole('region', { name: 'Visit details' });
    await expect(details).toContainText(customer.name);
    await expect(details).toContainText('Weekday mornings');
  });
});
