/**
 * Capacity and closed days on the booking card (docs/product/visits.md#capacity-and-closed-days), on a
 * server of its own (a fresh data dir, 3 visits per window, as `npm start` runs it), so no other
 * spec's bookings count: three customers have booked the same weekday morning and paid (through the
 * APIs); the fourth sees the morning full on the card; a day the owner closes is shown closed; the
 * day after Thanksgiving is refused, once the site's clock is moved to the week before it. The
 * server's refusal of a full window and of a day the owner closed is
 * tests/integration/visits.test.ts's.
 */
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { bookableDays } from '../../src/features/visits/windows';
import { holidayOn } from '../../src/features/visits/closed-days.server';
import { addDays, businessToday, formatDay } from '../../src/lib/dates';
import { freePort, removeDir, startServer, tempDataDir, type ServerProcess } from '../support/server';
import { newCustomer, type Customer } from './api-setup';
import { asOwner, newCustomerBooks, newOwner, signedInOn } from './desk-flow';
import { moveClockTo, siteToday } from './owner-mail';
import { expect, test } from './test';
import { DAY } from './visit-fields';

test.describe.configure({ mode: 'serial' });

const stamp = Date.now();
let server: ServerProcess;

test.beforeAll(async () => {
  // A server start takes a minute on a busy 2-core machine.
  test.setTimeout(240_000);
  server = await startServer({
    dataDir: await tempDataDir('shm-e2e-capacity-'),
    port: await freePort(),
    env: { VISITS_PER_WINDOW: '3' },
    template: true,
  });
});

test.afterAll(async () => {
  await server?.stop();
  if (server) await removeDir(server.dataDir);
});

/** A phone on this spec's server, signed in as a new customer, failing the test on any uncaught page error. */
async function phone(
  browser: Browser,
  customer?: Customer,
): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const { context, page } = await signedInOn(
    browser,
    server,
    customer ?? (await newCustomer(server, { label: `customer-${stamp}` })),
  );
  const errors: string[] = [];
  context.on('weberror', (e) => errors.push(e.error().message));
  return { context, page, errors };
}

/** The booking card, on a 390 px phone. */
async function openCard(page: Page) {
  await page.goto('/services/dryer-vent-cleaning#booking');
  const card = page.locator('form[data-booking-card]');
  await expect(card).toHaveAttribute('data-service', 'dryer-vent-cleaning');
  return card;
}

test('three book the same morning and pay; the fourth sees it full on the card', async ({ browser }) => {
  for (const name of ['ann', 'bob', 'cat']) {
    await newCustomerBooks(server, { name, email: `${name}.${stamp}@example.com`, zip: '65714' });
  }

  const { context, page, errors } = await phone(browser);
  const card = await openCard(page);
  await card.getByLabel('Preferred day').selectOption(DAY.date);
  const morning = card.getByRole('radio', { name: /Morning \(8 AM-12 PM\)/ });
  await expect(morning).toBeDisabled();
  await expect(card.getByText('Full', { exact: true })).toBeVisible();
  await expect(card.getByRole('radio', { name: /Afternoon/ })).toBeEnabled();
  expect(errors).toEqual([]);
  await context.close();
});

test('a day the owner closes is shown closed on the card', async ({ browser }) => {
  const owner = await newOwner(server, `owner.${stamp}@example.com`);
  const closed = bookableDays(businessToday()).find(
    (d) => d.date !== DAY.date && d.windows.includes('morning') && !holidayOn(d.date),
  )!;
  await asOwner(server, owner, '/api/owner/closed-days', { date: closed.date, reason: 'Staff training' });

  const { context, page, errors } = await phone(browser, owner);
  const card = await openCard(page);
  const option = card.getByRole('option', { name: `${closed.label}: Closed: Staff training` });
  await expect(option).toBeDisabled();
  expect(errors).toEqual([]);
  await context.close();
});

test('the day after Thanksgiving is shown closed and refused, once the clock brings it within reach', async ({
  browser,
}) => {
  const customer = await newCustomer(server, { label: `eve-${stamp}` });
  const context = await browser.newContext({ baseURL: server.origin });
  // The next day after Thanksgiving more than a week ahead (in Thanksgiving week, next year's), and
  // the site's clock moved to noon a week before it.
  const today = await siteToday(context);
  let day = addDays(today, 8);
  while (holidayOn(day) !== 'Day after Thanksgiving Day') day = addDays(day, 1);
  await moveClockTo(context, addDays(day, -7), '12:00');

  const availability = (await (await context.request.get('/api/availability')).json()) as {
    days: { date: string; closed: string | null }[];
  };
  expect(availability.days.find((d) => d.date === day)?.closed).toBe('Day after Thanksgiving Day');
  // A dryer vent cleaning checkout for that morning, as the card would ask for it.
  const refused = await context.request.post('/api/create-payment-checkout', {
    headers: { Authorization: `Bearer ${customer.session.access_token}` },
    data: {
      serviceType: 'dryer-vent-cleaning',
      visit: {
        street: '9 Elm St',
        city: 'Nixa',
        zip: '65714',
        phone: '4175550142',
        date: day,
        window: 'morning',
        notes: '',
      },
    },
  });
  expect(refused.status()).toBe(409);
  expect(((await refused.json()) as { error: string }).error).toBe(
    `We are closed on ${formatDay(day)} (Day after Thanksgiving Day). Please choose another day.`,
  );
  await context.close();
});
