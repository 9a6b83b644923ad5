/**
 * What the desk's browser tests do on a server of their own (docs/product/desk.md#owners-desk): a
 * customer books a dryer vent cleaning and pays, as a person would; an account is made the owner
 * with `npm run owner -- add`, as the business would.
 */
import { execFile } from 'node:child_process';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { ROOT, serverEnv, type ServerProcess } from '../support/server';
import { signUpAndIn } from './customer';
import { expect } from './test';
import { DAY, fillVisit } from './visit-fields';

export const PHONE = { width: 390, height: 844 };

/** A browser on `server`; signUpAndIn checks the desktop header, so pages turn phones after signing in. */
export async function phoneOn(
  browser: Browser,
  server: ServerProcess,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: server.origin });
  return { context, page: await context.newPage() };
}

/** Books a dryer vent cleaning on `day`'s morning (default DAY) as the signed-in customer of `page`, and pays. */
export async function bookAndPayOn(
  page: Page,
  customer: { name: string; zip: string },
  day: string = DAY.date,
): Promise<void> {
  await page.goto('/services/dryer-vent-cleaning#booking');
  const card = page.locator('form[data-booking-card]');
  await expect(card).toHaveAttribute('data-service', 'dryer-vent-cleaning');
  await fillVisit(card, customer.zip, day);
  const popup = page.waitForEvent('popup');
  await card.getByRole('button', { name: /Book & Pay/ }).click();
  const checkout = await popup;
  await checkout.getByLabel('Name on card').fill(customer.name);
  await checkout.getByRole('button', { name: /^Pay \$/ }).click();
  await expect(checkout.getByText('You bought:')).toBeVisible();
  await checkout.close();
}

/** Signs a new customer up and in on a phone, then books and pays a visit; the browser context closes after. */
export async function newCustomerBooks(
  browser: Browser,
  server: ServerProcess,
  customer: { name: string; email: string; zip: string },
): Promise<void> {
  const { context, page } = await phoneOn(browser, server);
  await signUpAndIn(page, customer.email, customer.name);
  await page.setViewportSize(PHONE);
  await bookAndPayOn(page, customer);
  await context.close();
}

/** Makes `email` the owner of `server`'s site: `npm run owner -- add EMAIL`, beside it. */
export function makeOwner(server: ServerProcess, email: string): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    execFile(
      process.execPath,
      ['scripts/owner.ts', 'add', email],
      { cwd: ROOT, env: serverEnv({ dataDir: server.dataDir, port: server.port }) },
      (error, _stdout, stderr) => (error ? reject(new Error(stderr)) : resolve()),
    );
  });
}
