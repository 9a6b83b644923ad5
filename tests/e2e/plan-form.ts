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

/** What fillForm types, as the plan request's fields (api-setup.ts's subscribe takes them as `details`). */
export const FORM_DETAILS = {
  fullName: 'Dana Whitfield',
  phone: '417-555-0199',
  address: '1200 E Battlefield Rd',
  city: 'Springfield',
  state: 'MO',
  zip: '65804',
  preferredDay: 'weekends',
  specialInstructions: 'Gate code 4417; dog is friendly.',
};

/** Fills every field of the sign-up form as a customer would. */
export async function fillForm(picker: Locator, email: string): Promise<void> {
  await picker.getByLabel('Full name').fill(FORM_DETAILS.fullName);
  await picker.getByLabel('Email').fill(email);
  await picker.getByLabel('Phone').fill(FORM_DETAILS.phone);
  await picker.getByLabel('Street address').fill(FORM_DETAILS.address);
  await picker.getByLabel('City').fill(FORM_DETAILS.city);
  await picker.getByLabel('ZIP code').fill(FORM_DETAILS.zip);
  await picker.getByLabel('Preferred visit time (optional)').selectOption(FORM_DETAILS.preferredDay);
  await picker.getByLabel('Special instructions (optional)').fill(FORM_DETAILS.specialInstructions);
  await picker.getByRole('checkbox', { name: /I agree to the Service Agreement/ }).check();
}
