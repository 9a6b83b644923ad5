/**
 * The desk in a basement (docs/product/desk.md#owners-desk, "Offline shell", and docs/product/desk.md#offline-lists-and-changes), on a
 * server of its own, at 390 px: the owner opens the desk online once; its service worker takes the
 * page. With no network, /owner and /owner/visits/<id> still open; Today is the list as last read,
 * said so; 'Mark done' waits on the phone ('Waiting to send: 1') and is done on the server once the
 * connection returns. The worker's cache holds no owner data, and signing out leaves none on the phone.
 */
import type { Page } from '@playwright/test';
import { formatDay } from '../../src/lib/dates';
import { DESK_WORKER_URL } from '../../src/features/owner/offline/register-worker';
import { freePort, removeDir, startServer, tempDataDir, type ServerProcess } from '../support/server';
import type { Customer } from './api-setup';
import { asOwner, deskBar, deskView, expectDeskView, newCustomerBooks, newOwner, signedInOn } from './desk-flow';
import { moveClockTo } from './owner-mail';
import { expect, test } from './test';
import { DAY } from './visit-fields';

test.describe.configure({ mode: 'serial' });

const stamp = Date.now();
const DEE = { name: 'Dee Dalton', email: `dee.${stamp}@example.com`, zip: '65714' };

let server: ServerProcess;
let owner: Customer;
let visitId: string;

test.beforeAll(async () => {
  // A server start takes a minute on a busy 2-core machine.
  test.setTimeout(240_000);
  server = await startServer({
    dataDir: await tempDataDir('shm-e2e-offline-'),
    port: await freePort(),
    template: true,
  });
  ({ visitId } = await newCustomerBooks(server, DEE));
  owner = await newOwner(server, `owner.offline.${stamp}@example.com`);
});

test.afterAll(async () => {
  await server?.stop();
  if (server) await removeDir(server.dataDir);
});

/** Every URL in the page's caches (the worker's), by path. */
function cachedPaths(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const paths: string[] = [];
    for (const name of await caches.keys()) {
      for (const request of await (await caches.open(name)).keys()) paths.push(new URL(request.url).pathname);
    }
    return paths;
  });
}

/** The names of the page's IndexedDB databases that hold anything. */
function keptStores(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const names: string[] = [];
    for (const { name } of await indexedDB.databases()) {
      if (!name) continue;
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const open = indexedDB.open(name);
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => reject(new Error(`${name} could not be opened`));
      });
      let count = 0;
      for (const store of Array.from(db.objectStoreNames)) {
        count += await new Promise<number>((resolve) => {
          const counting = db.transaction(store).objectStore(store).count();
          counting.onsuccess = () => resolve(counting.result);
        });
      }
      db.close();
      if (count > 0) names.push(name);
    }
    return names;
  });
}

test("offline, the desk opens on Today as last read; 'Mark done' waits and is sent when the connection returns; signing out leaves nothing", async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const { context, page } = await signedInOn(browser, server, owner);
  await moveClockTo(page, DAY.date, '09:00');
  await page.goto('/owner');
  await expectDeskView(page, 'Today');
  const card = deskView(page).getByRole('listitem').filter({ hasText: DEE.name });
  await expect(card.getByText('Requested')).toBeVisible();

  // The desk installs its worker itself once the server has said this is the owner; it takes the page.
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? ''))
    .toContain(DESK_WORKER_URL);

  await context.setOffline(true);
  const offline = await page.reload();
  expect(offline?.fromServiceWorker()).toBe(true);
  await expectDeskView(page, 'Today');
  const today = deskView(page);
  await expect(today.getByRole('heading', { name: formatDay(DAY.date) })).toBeVisible();
  await expect(today.getByText(/^Offline: the list as of \w{3} \d{1,2}, \d{1,2}:\d{2} [AP]M$/)).toBeVisible();

  // Done with a note, in the basement: it waits on the phone, and says so on the card and above the list.
  await card.getByRole('button', { name: `Details for ${DEE.name}` }).click();
  const dialog = page.getByRole('dialog', { name: `${DEE.name}: Dryer Vent Cleaning` });
  await dialog.getByRole('button', { name: 'Mark done' }).click();
  await dialog.getByLabel('Completion note').fill('Vent cleared in the basement.');
  await dialog.getByRole('button', { name: 'Save as done' }).click();
  await expect(dialog.getByRole('status')).toHaveText(
    'Done saved on this phone: it is sent when the connection returns.',
  );
  await expect(dialog.getByText('Waiting to send: Done')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Cancel and refund' })).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Waiting to send: 1' })).toBeVisible();
  await expect(card.getByText('Waiting to send: Done')).toBeVisible();

  // A link to the visit opens offline too, at its own address.
  await page.goto(`/owner/visits/${visitId}`);
  await expect(page).toHaveURL(new RegExp(`/owner/visits/${visitId}$`));
  await expect(page.getByRole('dialog', { name: `${DEE.name}: Dryer Vent Cleaning` })).toBeVisible();
  await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
  await expect(deskBar(page)).toBeVisible();

  // Signal again: the change goes, once; the list is read again and shows the visit done.
  await context.setOffline(false);
  await expect(card.getByText('Done', { exact: true })).toBeVisible();
  await expect(page.getByText(/^Waiting to send/)).toHaveCount(0);
  await expect(today.getByText(/^Offline:/)).toHaveCount(0);
  const { visit } = (await asOwner(server, owner, `/api/owner/visits/${visitId}`)) as {
    visit: { status: string; completionNote: string | null; history: { action: string }[] };
  };
  expect(visit).toMatchObject({ status: 'done', completionNote: 'Vent cleared in the basement.' });
  expect(visit.history.filter((entry) => entry.action === 'done')).toHaveLength(1);

  // The worker's caches hold the shell only: no answer of the API or the sign-in service.
  const cached = await cachedPaths(page);
  expect(cached).toContain('/owner');
  expect(cached.filter((path) => /^\/(?:api|auth)(?:\/|$)/.test(path))).toEqual([]);
  expect(await keptStores(page)).toEqual(['owner-desk']);

  // Signed out, nothing of the owner's stays on the phone: offline, the desk asks to sign in.
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('link', { name: 'Sign in' })).toBeVisible();
  expect(await keptStores(page)).toEqual([]);
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('link', { name: 'Sign in' })).toBeVisible();
  await expect(page.getByText(DEE.name)).toHaveCount(0);
  await context.close();
});
