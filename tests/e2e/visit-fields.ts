/** A booking card's visit fields (docs/product/services.md#visit-details), filled in as a customer would. */
import { expect, type Locator, type Page } from '@playwright/test';
import { bookableWeekdays } from '../support/visit';
import { bringIntoView } from './scroll';

/**
 * The visit a customer types: an address in Nixa, the first weekday morning bookable (no holiday)
 * from the day after tomorrow, so that it is still bookable if the run crosses midnight.
 */
export const DAY = bookableWeekdays()[0]!;
export const VISIT = {
  street: '12 Elm Street',
  city: 'Nixa',
  zip: '65714',
  phone: '(417) 555-0177',
  notes: 'Gate code 1234, dog is friendly',
};
export const ADDRESS = '12 Elm Street, Nixa, MO 65714';

/** The visit fillVisit types (VISIT in `zip`, on `day`'s morning), as api-setup.ts's bookAndPay sends it. */
export function typedVisit(zip = VISIT.zip, day = DAY.date) {
  return { ...VISIT, zip, date: day, window: 'morning' as const };
}

/** Fills in the booking card's visit fields (on DAY's morning, unless another bookable day is given). */
export async function fillVisit(card: Locator, zip = VISIT.zip, day = DAY.date): Promise<void> {
  await card.getByLabel('Service address').fill(VISIT.street);
  await card.getByLabel('City').fill(VISIT.city);
  await card.getByLabel('ZIP code').fill(zip);
  await card.getByLabel('Phone').fill(VISIT.phone);
  await card.getByLabel('Preferred day').selectOption(day);
  await card.getByRole('radio', { name: 'Morning (8 AM-12 PM)' }).check();
  await card.getByLabel('Notes').fill(VISIT.notes);
}

/** Brings the booking card into view and waits until its island has hydrated. */
export async function bookingCard(page: Page): Promise<Locator> {
  const card = page.locator('#booking');
  await bringIntoView(card);
  await expect(card.locator('astro-island')).not.toHaveAttribute('ssr');
  return card;
}
