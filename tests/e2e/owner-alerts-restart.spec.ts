/**
 * The owner's alerts across a restart mid-delivery (docs/product/emails.md#owner-alerts), on a server of
 * its own with OWNER_EMAIL set and SMTP_URL pointing at a local stand-in for the mail provider that
 * holds what it is sent: a contact message and a plan request are sent as the site's forms send
 * them (the forms themselves: contact.spec.ts, plan-request.spec.ts); while their alerts are in
 * flight the server is stopped; after the restart each alert is delivered exactly once. The site's
 * clock first moves to just after midnight, so the morning list (6:30) is not due while it runs,
 * whatever the time of day.
 */
import type { APIRequestContext } from '@playwright/test';
import { getPlan } from '../../src/features/plans/plans';
import { addDays } from '../../src/lib/dates';
import { freePort, removeDir, startServer, tempDataDir, type ServerProcess } from '../support/server';
import { moveClockTo, siteToday } from './owner-mail';
import { FORM_DETAILS } from './plan-form';
import { startSmtpSink, type SmtpSink } from './smtp-sink';
import { expect, test } from './test';

const OWNER = 'owner.alerts@example.com';
let sink: SmtpSink;
let server: ServerProcess;
let env: Record<string, string>;

test.beforeAll(async () => {
  // A server start takes a minute on a busy 2-core machine.
  test.setTimeout(240_000);
  sink = await startSmtpSink();
  env = { OWNER_EMAIL: OWNER, SMTP_URL: sink.url };
  server = await startServer({
    dataDir: await tempDataDir('shm-e2e-alerts-restart-'),
    port: await freePort(),
    env,
    template: true,
  });
});

test.afterAll(async () => {
  await server?.stop();
  if (server) await removeDir(server.dataDir);
  await sink?.close();
});

/** Sends a contact message as `name`, as the home page's form does. */
async function sendContact(request: APIRequestContext, name: string, email: string): Promise<void> {
  const answered = await request.post('/api/contact', { data: { name, email, phone: '417-555-0100' } });
  expect(answered.status()).toBe(202);
}

/** Sends the Autopilot Full plan page's request, monthly, with what its form's fields hold (plan-form.ts). */
async function sendPlanRequest(request: APIRequestContext, email: string): Promise<void> {
  const answered = await request.post('/api/plan-request', {
    data: {
      ...FORM_DETAILS,
      planType: 'full',
      billingPeriod: 'monthly',
      email,
      agreeTerms: true,
      source: `${server.origin}${getPlan('full').href}`,
    },
  });
  expect(answered.status()).toBe(202);
}

/** The subjects of the owner's alerts in `mails`. */
const alertSubjects = (mails: { to: string[]; subject: string }[]) =>
  mails.filter((m) => m.to.includes(OWNER)).map((m) => m.subject);

test('a restart while the owner’s alerts are in flight loses none and repeats none', async ({ browser }) => {
  test.setTimeout(180_000);
  const context = await browser.newContext({ baseURL: server.origin });
  const { request: api } = context;
  const stamp = Date.now();
  const contact = `Contact message from Casey ${stamp}`;
  const request = 'Plan request from Dana Whitfield: Autopilot Full (monthly)';
  // Past 6:30, the restart would send the morning list of the day's new leads beside the alerts.
  await moveClockTo(context, addDays(await siteToday(context), 1), '00:05');

  // The mail provider holds everything: both alerts are read, neither is answered.
  sink.hold = true;
  await sendContact(api, `Casey ${stamp}`, `casey.${stamp}@example.com`);
  await sendPlanRequest(api, `dana.${stamp}@example.com`);
  await expect.poll(() => alertSubjects(sink.held).sort()).toEqual([contact, request].sort());

  // Stopped mid-delivery, then started again on the same data.
  expect(await server.stop()).toBe(0);
  sink.release();
  server = await startServer({ dataDir: server.dataDir, port: server.port, env });

  // Each delivered after the restart; a later alert is delivered behind them, and nothing came twice.
  await expect.poll(() => alertSubjects(sink.accepted).sort(), { timeout: 30_000 }).toEqual([contact, request].sort());
  await sendContact(api, `Robin ${stamp}`, `robin.${stamp}@example.com`);
  await expect.poll(() => alertSubjects(sink.accepted)).toContain(`Contact message from Robin ${stamp}`);
  expect(alertSubjects(sink.accepted).sort()).toEqual([contact, request, `Contact message from Robin ${stamp}`].sort());
  const alert = sink.accepted.find((m) => m.subject === request);
  expect(alert?.text).toContain('Phone: 417-555-0199');
  expect(alert?.text).toContain('Address: 1200 E Battlefield Rd, Springfield, MO 65804');
  expect(alert?.text).toMatch(/^Open the desk: \S+\/owner\?tab=leads$/m);
  await context.close();
});
