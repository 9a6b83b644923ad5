import { expect, type Locator, type Page } from '@playwright/test';
import { bringIntoView } from './scroll';

/** The plan picker's labels of the billing periods. */
export type PickerPeriod = 'Monthly' | 'Per visit' | 'Annual';

/** Opens a plan page's sign-up form (hydrated) with the given billing choice. */
export async function openForm(page: Page, path: string, period: PickerPeriod): Promise<Locator> {
  await page.goto(path);
  const picker = page.locator('#get-started');
  await bringIntoView(picker);
  await expect(picker.locator('astro-island')).not.toHaveAttribute('ssr');
  await picker.getByRole('radio', { name: period }).check();
  await picker.getByRole('button', { name: 'Select Plan' }).click();
  return picker;
}

/** Fills every field of the sign-up form as a customer would. */
export async function fillForm(picker: Locator, email: string): Promise<void> {
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
