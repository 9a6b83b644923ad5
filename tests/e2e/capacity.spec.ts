/**
 * Capacity and closed days on the booking card (docs/product/visits.md#capacity-and-closed-days), on a
 * server of its own (a fresh data dir, 3 visits per window, as `npm start` runs it), so no other
 * spec's bookings count: three customers book the same weekday morning and pay; the fourth sees the
 * morning full on the card and is refused by the server; a day the owner closes is shown closed and
 * refused; so is the day after Thanksgiving, once the site's clock is moved to the week before it.
 */
import { execFile } from 'node:child_process';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { bookableDays } from '../../src/features/visits/windows';
import { holidayOn } from '../../src/features/visits/closed-days.server';
import { addDays, businessToday, formatDay } from '../../src/lib/dates';
import { freePort, removeDir, ROOT, serverEnv, startServer, tempDataDir, type ServerProcess } from '../support/server';
import { signUpAndIn } from './customer';
import { moveClockTo, siteToday } from './owner-mail';
import { expect, test } from './test';
import { DAY, fillVisit } from './visit-fields';

test.describe.configure({ mode: 'serial' });

let server: ServerProcess;

test.beforeAll(async () => {
  server = await startServer({
    dataDir: await tempDataDir('shm-e2e-capacity-'),
    port: await freePort(),
    env: { VISITS_PER_WINDOW: '3' },
  });
});

test.afterAll(async () => {
  await server?.stop();
  if (server) await removeDir(server.dataDir);
});

/** A browser on this spec's server, failing the test on any uncaught page error. */
async function phone(browser: Browser): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext({ baseURL: server.origin });
  const errors: string[] = [];
  context.on('weberror', (e) => errors.push(e.error().message));
  return { context, page: await context.newPage(), errors };
}

/** The signed-in customer's access token, as supabase-js keeps it. */
function accessToken(page: Page): Promise<string> {
  return page.evaluate(() => {
    for (const key of Object.keys(localStorage)) {
      if (/^sb-.+-auth-token$/.test(key)) {
        return (JSON.parse(localStorage.getItem(key) ?? '{}') as { access_token?: string }).access_token ?? '';
      }
    }
    return '';
  });
}

/** A dryer vent cleaning checkout for the morning of `date`, as the card would ask for it, with the customer's token. */
async function checkoutMorning(page: Page, date: string, token?: string) {
  return page.request.post('/api/create-payment-checkout', {
    headers: { Authorization: `Bearer ${token ?? (await accessToken(page))}` },
    data: {
      serviceType: 'dryer-vent-cleaning',
      visit: {
        street: '9 Elm St',
        city: 'Nixa',
        zip: '65714',
        phone: '4175550142',
        date,
        window: 'morning',
        notes: '',
      },
    },
  });
}

/** The booking card, on a 390 px phone. */
async function openCard(page: Page) {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/services/dryer-vent-cleaning#booking');
  const card = page.locator('form[data-booking-card]');
  await expect(card).toHaveAttribute('data-service', 'dryer-vent-cleaning');
  return card;
}

test('three book the same morning and pay; the fourth sees it full, and the server refuses it', async ({ browser }) => {
  test.setTimeout(300_000);
  for (const name of ['ann', 'bob', 'cat']) {
    const { context, page, errors } = await phone(browser);
    await signUpAndIn(page, `${name}.${Date.now()}@example.com`);
    const card = await openCard(page);
    await fillVisit(card);
    const popup = page.waitForEvent('popup');
    await card.getByRole('button', { name: /Book & Pay/ }).click();
    const checkout = await popup;
    await checkout.getByLabel('Name on card').fill(name);
    await checkout.getByRole('button', { name: /^Pay \$/ }).click();
    await expect(checkout).toHaveURL(/\/payment-success\?session_id=cs_test_/);
    await expect(checkout.getByText('You bought:')).toBeVisible();
    expect(errors).toEqual([]);
    await context.close();
  }

  const { context, page, errors } = await phone(browser);
  await signUpAndIn(page, `dee.${Date.now()}@example.com`);
  const card = await openCard(page);
  await card.getByLabel('Preferred day').selectOption(DAY.date);
  const morning = card.getByRole('radio', { name: /Morning \(8 AM-12 PM\)/ });
  await expect(morning).toBeDisabled();
  await expect(card.getByText('Full', { exact: true })).toBeVisible();
  await expect(card.getByRole('radio', { name: /Afternoon/ })).toBeEnabled();

  const refused = await checkoutMorning(page, DAY.date);
  expect(refused.status()).toBe(409);
  expect(await refused.json()).toEqual({ error: 'That window is full. Please choose another day or window.' });
  expect(errors).toEqual([]);
  await context.close();
});

test('a day the owner closes is shown closed on the card and refused', async ({ browser }) => {
  test.setTimeout(180_000);
  const { context, page, errors } = await phone(browser);
  const email = `owner.${Date.now()}@example.com`;
  await signUpAndIn(page, email);
  // Made the owner as the business would: `npm run owner -- add EMAIL` beside this server.
  await new Promise<void>((resolve, reject) => {
    execFile(
      process.execPath,
      ['scripts/owner.ts', 'add', email],
      { cwd: ROOT, env: serverEnv({ dataDir: server.dataDir, port: server.port }) },
      (error, _stdout, stderr) => (error ? reject(new Error(stderr)) : resolve()),
    );
  });
  const closed = bookableDays(businessToday()).find(
    (d) => d.date !== DAY.date && d.windows.includes('morning') && !holidayOn(d.date),
  )!;
  const token = await accessToken(page);
  const closing = await page.request.post('/api/owner/closed-days', {
    headers: { Authorization: `Bearer ${token}` },
    data: { date: closed.date, reason: 'Staff training' },
  });
  expect(closing.status()).toBe(200);

  const card = await openCard(page);
  const option = card.getByRole('option', { name: `${closed.label}: Closed: Staff training` });
  await expect(option).toBeDisabled();
  const refused = await checkoutMorning(page, closed.date, token);
  expect(refused.status()).toBe(409);
  expect(((await refused.json()) as { error: string }).error).toMatch(
    /\(Staff training\)\. Please choose another day\.$/,
  );
  expect(errors).toEqual([]);
  await context.close();
});

test('the day after Thanksgiving is shown closed and refused, once the clock brings it within reach', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const { context, page, errors } = await phone(browser);
  await signUpAndIn(page, `eve.${Date.now()}@example.com`);
  // The next day after Thanksgiving more than a week ahead (in Thanksgiving week, next year's), and
  // the site's clock moved to noon a week before it.
  const today = await siteToday(page);
  let day = addDays(today, 8);
  while (holidayOn(day) !== 'Day after Thanksgiving Day') day = addDays(day, 1);
  await moveClockTo(page, addDays(day, -7), '12:00');

  const availability = (await (await page.request.get('/api/availability')).json()) as {
    days: { date: string; closed: string | null }[];
  };
  expect(availability.days.find((d) => d.date === day)?.closed).toBe('Day after Thanksgiving Day');
  const refused = await checkoutMorning(page, day);
  expect(refused.status()).toBe(409);
  expect(((await refused.json()) as { error: string }).error).toBe(
    `We are closed on ${formatDay(day)} (Day after Thanksgiving Day). Please choose another day.`,
  );
  expect(errors).toEqual([]);
  await context.close();
});
