/**
 * The owner's alerts across a restart mid-delivery (docs/product/emails.md#owner-alerts), on a server of
 * its own with OWNER_EMAIL set and SMTP_URL pointing at a local stand-in for the mail provider that
 * holds what it is sent: a contact message and a plan request are sent from the site's forms; while
 * their alerts are in flight the server is stopped; after the restart each alert is delivered
 * exactly once. The site's clock first moves to just after midnight, so the morning list (6:30)
 * is not due while it runs, whatever the time of day.
 */
import type { Page } from '@playwright/test';
import { addDays } from '../../src/lib/dates';
import { freePort, removeDir, startServer, tempDataDir, type ServerProcess } from '../support/server';
import { moveClockTo, siteToday } from './owner-mail';
import { fillForm, openForm } from './plan-form';
import { startSmtpSink, type SmtpSink } from './smtp-sink';
import { expect, test } from './test';

const OWNER = 'owner.alerts@example.com';
let sink: SmtpSink;
let server: ServerProcess;
let env: Record<string, string>;

test.beforeAll(async () => {
  sink = await startSmtpSink();
  env = { OWNER_EMAIL: OWNER, SMTP_URL: sink.url };
  server = await startServer({ dataDir: await tempDataDir('shm-e2e-alerts-restart-'), port: await freePort(), env });
});

test.afterAll(async () => {
  await server?.stop();
  if (server) await removeDir(server.dataDir);
  await sink?.close();
});

/** Sends the home page's contact form as `name`. */
async function sendContact(page: Page, name: string, email: string): Promise<void> {
  await page.goto('/#contact');
  const form = page.getByRole('form', { name: 'Schedule a service' });
  await form.getByLabel('Name').fill(name);
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Phone').fill('417-555-0100');
  const answered = page.waitForResponse('**/api/contact');
  await form.getByRole('button', { name: 'Send Request' }).click();
  expect((await answered).status()).toBe(202);
}

/** The subjects of the owner's alerts in `mails`. */
const alertSubjects = (mails: { to: string[]; subject: string }[]) =>
  mails.filter((m) => m.to.includes(OWNER)).map((m) => m.subject);

test('a restart while the owner’s alerts are in flight loses none and repeats none', async ({ browser }) => {
  test.setTimeout(180_000);
  const context = await browser.newContext({ baseURL: server.origin });
  const page = await context.newPage();
  const stamp = Date.now();
  const contact = `Contact message from Casey ${stamp}`;
  const request = 'Plan request from Dana Whitfield: Autopilot Full (monthly)';
  // Past 6:30, the restart would send the morning list of the day's new leads beside the alerts.
  await moveClockTo(page, addDays(await siteToday(page), 1), '00:05');

  // The mail provider holds everything: both alerts are read, neither is answered.
  sink.hold = true;
  await sendContact(page, `Casey ${stamp}`, `casey.${stamp}@example.com`);
  const picker = await openForm(page, '/autopilot-full', 'Monthly');
  await fillForm(picker, `dana.${stamp}@example.com`);
  await picker.getByRole('button', { name: 'Request Autopilot Full' }).click();
  await expect(picker.getByRole('heading', { name: 'Request received' })).toBeVisible();
  await expect.poll(() => alertSubjects(sink.held).sort()).toEqual([contact, request].sort());

  // Stopped mid-delivery, then started again on the same data.
  expect(await server.stop()).toBe(0);
  sink.release();
  server = await startServer({ dataDir: server.dataDir, port: server.port, env });

  // Each delivered after the restart; a later alert is delivered behind them, and nothing came twice.
  await expect.poll(() => alertSubjects(sink.accepted).sort(), { timeout: 30_000 }).toEqual([contact, request].sort());
  await sendContact(page, `Robin ${stamp}`, `robin.${stamp}@example.com`);
  await expect.poll(() => alertSubjects(sink.accepted)).toContain(`Contact message from Robin ${stamp}`);
  expect(alertSubjects(sink.accepted).sort()).toEqual([contact, request, `Contact message from Robin ${stamp}`].sort());
  const alert = sink.accepted.find((m) => m.subject === request);
  expect(alert?.text).toContain('Phone: 417-555-0199');
  expect(alert?.text).toContain('Address: 1200 E Battlefield Rd, Springfield, MO 65804');
  expect(alert?.text).toMatch(/^Open the desk: \S+\/owner\?tab=leads$/m);
  await context.close();
});
