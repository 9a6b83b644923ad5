import { type Locator } from '@playwright/test';
import { expect, test } from './test';
import { expectNoAxeViolations } from './a11y';
import { bringIntoView } from './scroll';

/** Scrolls the plan picker into view and waits until its island has hydrated. */
async function openPicker(picker: Locator): Promise<void> {
  await bringIntoView(picker);
  await expect(picker.locator('astro-island')).not.toHaveAttribute('ssr');
}

test.describe('plan pages', () => {
  // What the pages hold (prices, sections, the comparison table, links) is read from dist/ (tests/built/plans.test.ts).
  test('plan picker defaults to annual; Select Plan opens the form and Back returns', async ({ page }) => {
    await page.goto('/autopilot-full');
    const picker = page.locator('#get-started');
    await openPicker(picker);
    await expect(picker.getByRole('radio', { name: 'Annual' })).toBeChecked();
    await expect(picker).toContainText('$630 a year (save $78)');
    await picker.getByRole('radio', { name: 'Monthly' }).check();
    await picker.getByRole('button', { name: 'Select Plan' }).click();
    await expect(picker.getByRole('heading', { name: 'Your details for Autopilot Full' })).toBeFocused();
    await expect(picker).toContainText('Monthly: $59 per month.');
    await picker.getByRole('button', { name: 'Back' }).last().click();
    await expect(picker.getByRole('radio', { name: 'Monthly' })).toBeChecked();
  });

  test('checkout form shows the validation messages of docs/product/plans.md#plan-sign-up-form and keeps what was typed', async ({
    page,
  }) => {
    await page.goto('/autopilot-lite');
    const picker = page.locator('#get-started');
    await openPicker(picker);
    await picker.getByRole('button', { name: 'Select Plan' }).click();
    await picker.getByLabel('State').fill('');
    await picker.getByRole('button', { name: 'Request Autopilot Lite' }).click();
    for (const message of [
      'Please enter your full name',
      'Please enter your email',
      'Please enter your phone number',
      'Please enter your street address',
      'Please enter your city',
      'Please enter your state',
      'Please enter your ZIP code',
      'Please agree to the Service Agreement and Terms of Service',
    ]) {
      await expect(picker.getByText(message)).toBeVisible();
    }
    await expect(picker.getByLabel('Full name')).toBeFocused();
    await expect(picker.getByLabel('Full name')).toHaveAttribute('aria-invalid', 'true');
    await expectNoAxeViolations(page);

    await picker.getByLabel('Full name').fill('Dana Whitfield');
    await expect(picker.getByText('Please enter your full name')).toBeHidden();
    await picker.getByLabel('Email').fill('dana@example');
    await picker.getByLabel('Phone').fill('417-555-0199');
    await picker.getByLabel('Street address').fill('1200 E Battlefield Rd');
    await picker.getByLabel('City').fill('Springfield');
    await picker.getByLabel('State').fill('MO');
    await picker.getByLabel('ZIP code').fill('65804');
    await picker.getByLabel('Preferred visit time (optional)').selectOption('evenings');
    await picker.getByRole('button', { name: 'Request Autopilot Lite' }).click();
    await expect(picker.getByText('Please enter a valid email address')).toBeVisible();

    // A reload keeps everything typed.
    await page.reload();
    await openPicker(picker);
    await picker.getByRole('button', { name: 'Select Plan' }).click();
    await expect(picker.getByLabel('Full name')).toHaveValue('Dana Whitfield');
    await expect(picker.getByLabel('ZIP code')).toHaveValue('65804');
    await expect(picker.getByLabel('Preferred visit time (optional)')).toHaveValue('evenings');
  });

  test('FAQ accordion keeps one item open at a time', async ({ page }) => {
    await page.goto('/autopilot-lite');
    const items = page.locator('details[name="faq"]');
    await items.nth(0).locator('summary').click();
    await items.nth(2).locator('summary').click();
    await expect(items.nth(0)).not.toHaveAttribute('open', '');
    await expect(items.nth(2)).toHaveAttribute('open', '');
  });
});
