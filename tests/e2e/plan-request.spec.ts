import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './a11y';
import { signUpAndIn } from './customer';
import { holdRequests } from './network';

/** Opens a plan page's sign-up form (hydrated) with the given billing choice. */
async function openForm(page: Page, path: string, period: 'Monthly' | 'Per visit' | 'Annual'): Promise<Locator> {
  await page.goto(path);
  const picker = page.locator('#get-started');
  await picker.scrollIntoViewIfNeeded();
  await expect(picker.locator('astro-island')).not.toHaveAttribute('ssr');
  await picker.getByRole('radio', { name: period }).check();
  await picker.getByRole('button', { name: 'Select Plan' }).click();
  return picker;
}

/** Fills every field of the sign-up form as a customer would. */
async function fillForm(picker: Locator, email: string): Promise<void> {
  await picker.getByLabel('Full name').fill('Dana Whitfield');
  await picker.getByLabel('Email').fill(email);
  await picker.getByLabel('Phone').fill('417-555-0199');
  await picker.getByLabel('Street address').fill('1200 E Battlefield Rd');
  await picker.getByLabel('City').fill('Springfield');
  await picker.getByLabel('ZIP code').fill('65804');
  await picker.getByLabel('Preferred visit time (optional)').selectOption('weekends');
  await picker.getByLabel('Special instructions (optional)').fill('Gate code 4417; dog is friendly.');
  await picker.getByRole('checkbox', { name: /I agree to the Service Agreement/ }).check();
}

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
    await expect(picker).toContainText('$39.00 a month');
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

  test('a signed-in customer goes from the request to the hosted checkout', async ({ page }) => {
    const email = `pat.${Date.now()}@example.com`;
    await signUpAndIn(page, email);
    const picker = await openForm(page, '/autopilot-full', 'Monthly');
    await fillForm(picker, email);
    await picker.getByRole('button', { name: 'Request Autopilot Full' }).click();
    await expect(picker.getByRole('heading', { name: 'Request received' })).toBeVisible();
    const popup = page.waitForEvent('popup');
    await picker.getByRole('button', { name: 'Subscribe to Autopilot Full' }).click();
    const checkout = await popup;
    await expect(checkout.getByText('Total due today')).toBeVisible();
    await expect(checkout.locator('body')).toContainText('$59.00');
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
