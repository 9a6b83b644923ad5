/**
 * What the desk's browser tests do on a server of their own (docs/product/desk.md#owners-desk): a
 * customer's paid visit made through the APIs (api-setup.ts), an account made the owner with
 * `npm run owner -- add`, as the business would, and browsers signed in as either.
 */
import { execFile } from 'node:child_process';
import type { Browser, BrowserContext, Locator, Page } from '@playwright/test';
import { DESK_TABS, DESK_VIEW_ID } from '../../src/features/visits/desk-link';
import { ROOT, serverEnv, type ServerProcess } from '../support/server';
import { bookAndPay, newCustomer, signInContext, type Customer, type Site } from './api-setup';
import { expect } from './test';
import { DAY, typedVisit } from './visit-fields';

export const PHONE = { width: 390, height: 844 };

/** A browser on `server`, signed out. */
export async function phoneOn(
  browser: Browser,
  server: ServerProcess,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: server.origin });
  return { context, page: await context.newPage() };
}

/** A browser on `site` whose pages open signed in as `customer`, on a 390 px phone unless `viewport` says otherwise. */
export async function signedInOn(
  browser: Browser,
  site: Site,
  customer: Customer,
  viewport: { width: number; height: number } = PHONE,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: site.origin, viewport });
  await signInContext(context, site, customer);
  return { context, page: await context.newPage() };
}

/**
 * A new customer who has booked a dryer vent cleaning on `day`'s morning (default DAY) at the
 * address the booking card's fields take (visit-fields.ts, in `customer.zip`) and paid.
 */
export async function newCustomerBooks(
  site: Site,
  customer: { name: string; email: string; zip: string },
  day: string = DAY.date,
): Promise<{ customer: Customer; visitId: string; orderNumber: string }> {
  const made = await newCustomer(site, { name: customer.name, email: customer.email });
  const { visitId, orderNumber } = await bookAndPay(site, made, { visit: typedVisit(customer.zip, day) });
  return { customer: made, visitId, orderNumber };
}

/** Makes `email` the owner of `server`'s site: `npm run owner -- add EMAIL`, beside it. */
export function makeOwner(server: Pick<ServerProcess, 'dataDir' | 'port'>, email: string): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    execFile(
      process.execPath,
      ['scripts/owner.ts', 'add', email],
      { cwd: ROOT, env: serverEnv({ dataDir: server.dataDir, port: server.port }) },
      (error, _stdout, stderr) => (error ? reject(new Error(stderr)) : resolve()),
    );
  });
}

/** A new account, made the owner of `server`'s site. */
export async function newOwner(server: ServerProcess, email: string, name = 'Owner Olson'): Promise<Customer> {
  const owner = await newCustomer(server, { name, email });
  await makeOwner(server, email);
  return owner;
}

/** Calls the owner's API on `site` as `owner` (the desk's own calls, for a test's set-up); throws on anything but a 2xx. */
export async function asOwner(site: Site, owner: Customer, path: string, body?: unknown): Promise<unknown> {
  const res = await fetch(`${site.origin}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      authorization: `Bearer ${owner.session.access_token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!res.ok) throw new Error(`${path} answered ${res.status}: ${await res.text()}`);
  return res.json();
}

/** A view of the desk, by the name its button shows ('Today', 'Leads'). */
export type DeskViewName = (typeof DESK_TABS)[number]['name'];

/** The desk's bar at the bottom of the screen (docs/product/desk.md#owners-desk, "The desk's own shell"). */
export function deskBar(page: Page): Locator {
  return page.getByRole('navigation', { name: 'Desk' });
}

/** The view the desk shows, below its header (the region its heading names). */
export function deskView(page: Page): Locator {
  return page.locator(`#${DESK_VIEW_ID}`);
}

/** Shows the desk's view `name`: its button on the bar, or 'More' and then its button in More's list. */
export async function openDeskView(page: Page, name: DeskViewName): Promise<void> {
  const bar = deskBar(page);
  if (!DESK_TABS.slice(0, 3).some((view) => view.name === name)) {
    await bar.getByRole('button', { name: 'More', exact: true }).click();
  }
  await bar.getByRole('button', { name, exact: true }).click();
  await expectDeskView(page, name);
}

/** That the desk shows the view `name`: the heading names it and its button (on the bar or in More's list) is the current page. */
export async function expectDeskView(page: Page, name: DeskViewName): Promise<void> {
  await expect(page.getByRole('heading', { level: 1, name, exact: true })).toBeVisible();
  await expect(deskBar(page).getByRole('button', { name, exact: true, includeHidden: true })).toHaveAttribute(
    'aria-current',
    'page',
  );
}
