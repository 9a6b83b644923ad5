/**
 * The desk's offline shell (docs/product/desk.md#owners-desk, "Offline shell"), on a server of its
 * own, at 390 px: the owner opens the desk online once, its service worker installs and takes the
 * page; then, with no network, /owner and /owner/visits/<id> still open and draw the desk's header,
 * from the worker's cache. The cache holds the shell only: no answer of /api/ or /auth/.
 */
import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { LOAD_FAILED } from '../../src/features/owner/owner-calls';
import { DESK_WORKER_SCOPE, DESK_WORKER_URL } from '../../src/features/owner/offline/register-worker';
import { freePort, removeDir, startServer, tempDataDir, type ServerProcess } from '../support/server';
import type { Customer } from './api-setup';
import { deskBar, newOwner, signedInOn } from './desk-flow';
import { expect, test } from './test';

test.describe.configure({ mode: 'serial' });

let server: ServerProcess;
let owner: Customer;

test.beforeAll(async () => {
  // A server start takes a minute on a busy 2-core machine.
  test.setTimeout(240_000);
  server = await startServer({
    dataDir: await tempDataDir('shm-e2e-offline-'),
    port: await freePort(),
    template: true,
  });
  owner = await newOwner(server, `owner.offline.${Date.now()}@example.com`);
});

test.afterAll(async () => {
  await server?.stop();
  if (server) await removeDir(server.dataDir);
});

/** The desk's shell is drawn: its heading, its business name, and the desk (its bar) or its failed state. */
async function expectShell(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // Offline the owner API cannot answer: the desk shows its bar from what it kept, or says it could not
  // load (or both: the kept desk, and a visit it could not read).
  await expect(deskBar(page).or(page.getByText(LOAD_FAILED)).first()).toBeVisible();
  await expect(page.getByText('Loading the desk...')).toHaveCount(0);
}

test('once opened online, the desk opens offline at /owner and /owner/visits/<id>; its cache holds no owner data', async ({
  browser,
}) => {
  const { context, page } = await signedInOn(browser, server, owner);
  await page.goto('/owner');
  await expect(deskBar(page)).toBeVisible();

  // The desk's own code will call registerDeskWorker() (src/features/owner/offline/register-worker.ts),
  // wired in by the desk's components; until then the test registers the worker as that call does.
  await page.evaluate(({ url, scope }) => navigator.serviceWorker.register(url, { scope }).then(() => undefined), {
    url: DESK_WORKER_URL,
    scope: DESK_WORKER_SCOPE,
  });
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  // The worker claims the open page when it activates; a reload makes sure of it.
  if (!(await page.evaluate(() => navigator.serviceWorker.controller !== null))) await page.reload();
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? ''))
    .toContain(DESK_WORKER_URL);

  await context.setOffline(true);
  const desk = await page.goto('/owner');
  expect(desk?.fromServiceWorker()).toBe(true);
  await expectShell(page);

  // With the server itself gone too, a link to one visit opens the kept desk page, at its own address.
  await server.stop();
  await page.goto(`/owner/visits/${randomUUID()}`);
  await expect(page).toHaveURL(/\/owner\/visits\/[0-9a-f-]+$/);
  await expectShell(page);

  const cached = await page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) {
      for (const request of await (await caches.open(name)).keys()) urls.push(new URL(request.url).pathname);
    }
    return urls;
  });
  expect(cached).toContain('/owner');
  expect(cached.some((url) => url.startsWith('/_astro/'))).toBe(true);
  expect(cached.filter((url) => /^\/(?:api|auth)(?:\/|$)/.test(url))).toEqual([]);
  await context.close();
});
