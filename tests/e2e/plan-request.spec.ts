import { type Page } from '@playwright/test';
import { expect, test } from './test';
import { expectNoAxeViolations } from './a11y';
import { newCustomer, sharedSite, signInContext } from './api-setup';
import { holdRequests } from './network';
import { fillForm, openForm } from './plan-form';

/** The stored leads, from the embedded default's local lead list. */
async function storedLeads(page: Page): Promise<{ kind: string; payload: Record<string, unknown> }[]> {
  const res = await page.request.get('/_dev/leads.json');
  return ((await res.json()) as { leads: { kind: string; payload: Record<string, unknown> }[] }).leads;
}

test.describe('plan requests', () => {
  test('the sign-up form stores a plan-request lead, confirms it and offers checkout', async ({ page }) => {
    const email = `dana.${Date.now()}@example.com`;
    const picker = await openForm(page, '/autopilot-lite', 'Per visit');
    await fillForm(picker, email);
    await picker.getByRole('button', { name: 'Request Autopilot Lite' }).click();

    await expect(picker.getByRole('heading', { name: 'Request received' })).toBeFocused();
    await expect(picker).toContainText('Thank you, Dana Whitfield. We have your request for Autopilot Lite');
    await expect(picker).toContainText('within 24 hours');
    await expect(picker).toContainText('(per visit: $117 per quarterly visit)');
    await expect(picker).toContainText(
      'Subscribe by card: $117.00 per 3 months, charged when you subscribe, then every 3 months: one payment for each quarterly visit.',
    );
    await expect(
      picker.getByRole('button', { name: 'Subscribe to Autopilot Lite: $117.00 per 3 months' }),
    ).toBeVisible();
    await expectNoAxeViolations(page);

    const lead = (await storedLeads(page)).find((l) => l.payload['email'] === email);
    expect(lead?.kind).toBe('plan-request');
    expect(lead?.payload).toMatchObject({
      planType: 'lite',
      planName: 'Autopilot Lite',
      billingPeriod: 'quarterly',
      fullName: 'Dana Whitfield',
      phone: '417-555-0199',
      address: '1200 E Battlefield Rd',
      city: 'Springfield',
      state: 'MO',
      zip: '65804',
      preferredDay: 'weekends',
      specialInstructions: 'Gate code 4417; dog is friendly.',
      agreeTerms: true,
    });
    expect(String(lead?.payload['source'])).toContain('/autopilot-lite');

    // Not signed in: the offered checkout starts with signing in.
    await picker.getByRole('button', { name: 'Subscribe to Autopilot Lite' }).click();
    await expect(page).toHaveURL(/\/auth$/);
  });

  test('when storing fails, the visitor is told and nothing typed is lost; a retry succeeds', async ({ page }) => {
    const email = `retry.${Date.now()}@example.com`;
    const picker = await openForm(page, '/autopilot-full', 'Annual');
    await fillForm(picker, email);
    await page.route('/api/plan-request', (route) =>
      route.fulfill({ status: 503, contentType: 'application/json', body: '{"error":"down"}' }),
    );
    await picker.getByRole('button', { name: 'Request Autopilot Full' }).click();
    await expect(picker.getByRole('alert')).toHaveText(
      'We could not send your request just now. Please try again, or call (417) 555-0142. Everything you typed is still here.',
    );
    await expect(picker.getByLabel('Full name')).toHaveValue('Dana Whitfield');
    await expect(picker.getByLabel('Special instructions (optional)')).toHaveValue('Gate code 4417; dog is friendly.');
    expect((await storedLeads(page)).some((l) => l.payload['email'] === email)).toBe(false);

    await page.unroute('/api/plan-request');
    await picker.getByRole('button', { name: 'Request Autopilot Full' }).click();
    await expect(picker.getByRole('heading', { name: 'Request received' })).toBeVisible();
    expect((await storedLeads(page)).filter((l) => l.payload['email'] === email)).toHaveLength(1);
  });

  test('a signed-in customer goes from the request to the hosted checkout', async ({ context, page }) => {
    const site = sharedSite();
    const customer = await newCustomer(site, { label: 'pat' });
    await signInContext(context, site, customer);
    const picker = await openForm(page, '/autopilot-full', 'Monthly');
    await fillForm(picker, customer.email);
    await picker.getByRole('button', { name: 'Request Autopilot Full' }).click();
    await expect(picker.getByRole('heading', { name: 'Request received' })).toBeVisible();
    const popup = page.waitForEvent('popup');
    await picker.getByRole('button', { name: 'Subscribe to Autopilot Full' }).click();
    const checkout = await popup;
    await expect(checkout.getByText('Total due today')).toBeVisible();
    await expect(checkout.locator('body')).toContainText('$59.00 per month');
  });

  test('a billing choice made and confirmed before the form has hydrated is kept', async ({ page }) => {
    // Hold the form's script, as a slow phone would, so the choice and the press come first.
    const release = await holdRequests(page, /\/_astro\/PlanSignup\.[\w-]+\.js$/);
    await page.goto('/autopilot-lite', { waitUntil: 'domcontentloaded' });
    const picker = page.locator('#get-started');
    await picker.getByRole('radio', { name: 'Per visit' }).check();
    await picker.getByRole('button', { name: 'Select Plan' }).click();
    await expect(picker.locator('astro-island')).toHaveAttribute('ssr');

    release();
    await expect(picker.getByRole('heading', { name: 'Your details for Autopilot Lite' })).toBeVisible();
    await expect(picker).toContainText('Per visit: $');
  });
});
