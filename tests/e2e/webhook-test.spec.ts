import { expect, test } from './test';
import { availabilityOf } from '../../src/features/booking/availability';
import { testVisit } from '../../src/features/owner/webhook-test';
import type { AvailabilityAnswer } from '../../src/features/visits/capacity';
import { businessToday } from '../../src/lib/dates';
import { newCustomer, sharedSite, signInContext } from './api-setup';

test('signed out, a subscription test sends you to sign in; the page is noindex', async ({ page }) => {
  // As first loaded, the page is in the axe sweep (a11y-sweep.spec.ts).
  await page.goto('/webhook-test');
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex, nofollow');
  await page.getByRole('button', { name: 'Test Autopilot Lite' }).click();
  await expect(page).toHaveURL(/\/auth$/);
});

test('all eight test buttons start their checkouts with the payloads of docs/product/checkout.md#webhook-test-page and toast the outcome', async ({
  page,
  context,
}) => {
  const site = sharedSite();
  await signInContext(context, site, await newCustomer(site, { label: 'webhook-test' }));
  await page.goto('/webhook-test');
  const prices = ['$39/month', '$59/month', '$30.00', '$35.00', '$20.00', '$20.00', '$40.00', '$60.00'];
  for (const price of prices) await expect(page.getByRole('main')).toContainText(price);

  const requests: unknown[] = [];
  page.on('request', (req) => {
    if (req.url().includes('/api/create-')) requests.push(req.postDataJSON());
  });
  const buttons = [
    ['Test Autopilot Lite', 'Autopilot Lite subscription webhook should be triggered!'],
    ['Test Autopilot Full', 'Autopilot Full subscription webhook should be triggered!'],
    ['Test Air Filter Replacement', 'air-filter-replacement webhook should be triggered!'],
    ['Test Dryer Vent Cleaning', 'dryer-vent-cleaning webhook should be triggered!'],
    ['Test Light Bulb Replacement', 'light-bulb-replacement webhook should be triggered!'],
    ['Test Refrigerator Filters', 'refrigerator-filters webhook should be triggered!'],
    ['Test Smoke Detector Batteries', 'smoke-detector-batteries webhook should be triggered!'],
    ['Test Vacuum Clean-out', 'vacuum-cleanout webhook should be triggered!'],
  ] as const;
  for (const [name, message] of buttons) {
    const popup = context.waitForEvent('page');
    await page.getByRole('button', { name }).click();
    await (await popup).close();
    await expect(page.getByRole('status').filter({ hasText: message })).toBeVisible();
    await expect(page.getByRole('button', { name })).toBeEnabled();
  }
  // Each service test books the business's own address in the first open window, as the server
  // answers which are (the day before a holiday, the first bookable day is closed).
  const answer = (await (await page.request.get('/api/availability')).json()) as AvailabilityAnswer;
  const visit = testVisit(businessToday(), availabilityOf(answer));
  expect(requests).toEqual([
    { planType: 'lite' },
    { planType: 'full' },
    { serviceType: 'air-filter-replacement', options: { filterQuality: 'premium' }, visit },
    { serviceType: 'dryer-vent-cleaning', options: {}, visit },
    { serviceType: 'light-bulb-replacement', options: {}, visit },
    { serviceType: 'refrigerator-filters', options: {}, visit },
    { serviceType: 'smoke-detector-batteries', options: { additionalDetectors: 2 }, visit },
    { serviceType: 'vacuum-cleanout', options: { ventCount: 3 }, visit },
  ]);
});

test('a failing test shows the error toast with the service type', async ({ page }) => {
  await page.route('**/api/create-payment-checkout', (route) =>
    route.fulfill({ status: 500, json: { error: 'down' } }),
  );
  await page.goto('/webhook-test');
  await page.getByRole('button', { name: 'Test Vacuum Clean-out' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Error testing vacuum-cleanout webhook' })).toBeVisible();
});
