/**
 * A plan's visit from sign-up to report (docs/product/visits.md#plan-visits), on a server of its own, on a
 * 390 px phone: a customer subscribes to Autopilot Full paid per visit (quarterly); the first visit
 * is on the account and on the desk's Plan visits tab; the owner marks it done with its checklist,
 * a 16x25x1 filter and the detectors tested; the visit report e-mail arrives and the account shows
 * the report.
 */
import { execFile } from 'node:child_process';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { freePort, removeDir, ROOT, serverEnv, startServer, tempDataDir, type ServerProcess } from '../support/server';
import { expectNoAxeViolations } from './a11y';
import { PASSWORD, readyAuthForm, signUpAndIn } from './customer';
import { fillForm, openForm } from './plan-form';
import { expect, test } from './test';

test.describe.configure({ mode: 'serial' });

const PHONE = { width: 390, height: 844 };
const stamp = Date.now();
const CUSTOMER = `plan.visit.${stamp}@example.com`;
const OWNER = `owner.plan.${stamp}@example.com`;

let server: ServerProcess;

test.beforeAll(async () => {
  server = await startServer({ dataDir: await tempDataDir('shm-e2e-plan-visits-'), port: await freePort() });
});

test.afterAll(async () => {
  await server?.stop();
  if (server) await removeDir(server.dataDir);
});

async function browse(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: server.origin });
  return { context, page: await context.newPage() };
}

/** The mail to `email` whose subject matches, once it has come. */
async function mailTo(page: Page, email: string, subject: RegExp): Promise<{ subject: string; text: string }> {
  const read = async () =>
    (
      (await (await page.request.get(`/_dev/mail.json?to=${encodeURIComponent(email)}`)).json()) as {
        messages: { subject: string; text: string }[];
      }
    ).messages.find((m) => subject.test(m.subject));
  await expect.poll(async () => (await read()) !== undefined).toBe(true);
  return (await read())!;
}

test('Full per visit: the visit on the account and the desk, done with its checklist, reported', async ({
  browser,
}) => {
  test.setTimeout(300_000);
  // The customer subscribes to Autopilot Full, per visit (every 3 months).
  const { context, page } = await browse(browser);
  await signUpAndIn(page, CUSTOMER);
  const picker = await openForm(page, '/autopilot-full', 'Per visit');
  await fillForm(picker, CUSTOMER);
  await picker.getByRole('button', { name: 'Request Autopilot Full' }).click();
  const popup = page.waitForEvent('popup');
  await picker.getByRole('button', { name: 'Subscribe to Autopilot Full: $177.00 per 3 months' }).click();
  const checkout = await popup;
  await checkout.getByLabel('Name on card').fill('Dana Whitfield');
  await checkout.getByRole('button', { name: /^Subscribe \$/ }).click();
  await expect(checkout.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();
  await checkout.getByRole('link', { name: 'View Account' }).click();
  await checkout.setViewportSize(PHONE);
  const visits = checkout.getByRole('region', { name: 'Upcoming Visits' });
  await expect(visits).toContainText('Autopilot Full quarterly visit');
  await expect(visits).toContainText(/First visit due \w+day, \w+ \d{1,2}, \d{4}/);
  await context.close();

  // The owner, made so with `npm run owner -- add`, finds it on the desk's Plan visits tab.
  const desk = await browse(browser);
  await signUpAndIn(desk.page, OWNER, 'Owner Olson');
  await new Promise<void>((resolve, reject) => {
    execFile(
      process.execPath,
      ['scripts/owner.ts', 'add', OWNER],
      { cwd: ROOT, env: serverEnv({ dataDir: server.dataDir, port: server.port }) },
      (error, _stdout, stderr) => (error ? reject(new Error(stderr)) : resolve()),
    );
  });
  const owner = desk.page;
  // A week on, the visit's due day: the site's clock moves there (the desk lists this month's).
  expect((await owner.request.post('/_dev/clock', { data: { advance: 7 * 86_400 } })).status()).toBe(200);
  await owner.setViewportSize(PHONE);
  await owner.goto('/owner');
  await owner.getByRole('tab', { name: 'Plan visits' }).click();
  const card = owner.getByRole('tabpanel').getByRole('listitem').filter({ hasText: 'Dana Whitfield' });
  await expect(card).toContainText('Autopilot Full quarterly visit');
  await expect(card).toContainText(/Due \w+, \w+ \d{1,2}/);
  await expect(card).toContainText('1200 E Battlefield Rd');
  await card.getByRole('button', { name: 'Details for Dana Whitfield' }).click();
  const dialog = owner.getByRole('dialog', { name: 'Dana Whitfield: Autopilot Full quarterly visit' });
  await dialog.getByRole('button', { name: 'Mark done' }).click();
  for (const item of ['Air filters replaced', 'Smoke detector batteries tested and replaced', 'Light bulbs changed']) {
    const box = dialog.getByRole('checkbox', { name: `Done: ${item}` });
    expect((await box.locator('xpath=ancestor::label').boundingBox())!.height).toBeGreaterThanOrEqual(44);
    await box.check();
  }
  await dialog.getByLabel('Filter sizes found').fill('16x25');
  await dialog.getByLabel('Detectors tested').fill('3');
  await dialog.getByRole('button', { name: 'Save as done' }).click();
  // A size not like 16x25x1 is refused in the server's words; the form keeps what was typed.
  await expect(dialog.getByRole('alert').filter({ hasText: /./ })).toHaveText(
    'filterSizes: each size must look like 16x25x1',
  );
  await expect(dialog.getByRole('checkbox', { name: 'Done: Light bulbs changed' })).toBeChecked();
  await dialog.getByLabel('Filter sizes found').fill('16x25x1');
  await dialog.getByLabel('Completion note').fill('Softener salt topped up.');
  await dialog.getByRole('button', { name: 'Save as done' }).click();
  await expect(dialog.getByRole('status')).toHaveText('Visit marked done.');
  await expect(dialog.getByText('Done: Air filters replaced', { exact: true })).toBeVisible();
  await expect(dialog.getByText('Not done: Vacuum clean-out', { exact: true })).toBeVisible();
  await expect(dialog.getByText('16x25x1', { exact: true })).toBeVisible();
  expect(await owner.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await expectNoAxeViolations(owner);
  await desk.context.close();

  // The report e-mail, and the account's last visit report.
  const customer = await browse(browser);
  const report = await mailTo(customer.page, CUSTOMER, /^Visit report: Autopilot Full quarterly visit, /);
  for (const line of [
    'Done: Air filters replaced',
    'Not done: Refrigerator water filter',
    'Filter sizes found: 16x25x1',
    'Detectors tested: 3',
    "Technician's note: Softener salt topped up.",
    'once your plan renews',
  ]) {
    expect(report.text).toContain(line);
  }
  await customer.page.goto('/auth');
  await readyAuthForm(customer.page);
  await customer.page.getByLabel('Email').fill(CUSTOMER);
  await customer.page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await customer.page.getByRole('button', { name: 'Sign In' }).click();
  await expect(customer.page).toHaveURL(/\/account$/);
  const last = customer.page.getByRole('region', { name: 'Last visit report' });
  await expect(last).toContainText('Filter sizes found: 16x25x1');
  await expect(last).toContainText('Done: Light bulbs changed');
  await customer.context.close();
});
