/**
 * From payment to visit (docs/product/site.md#service-area-check, docs/product/services.md#visit-details,
 * docs/product/emails.md#e-mails, docs/product/emails.md#owner-events): the area check; the one booking
 * paid through the pages as a person does it (the booking card filled signed out, its choices kept
 * through sign-in, Book & Pay, the hosted checkout, payment success, the account), with its e-mail
 * and the owner's event at a local webhook sink (exactly once per event, and nothing lost or
 * repeated across a restart mid-delivery, for a booking paid through the APIs); a plan started and
 * cancelled; a guide. The booking and plan tests run their own server, with ORDER_WEBHOOK_URL set
 * to the sink; their customer is made through the APIs (api-setup.ts).
 */
import type { Page } from '@playwright/test';
import { CHANGE_RULE } from '../../src/features/visits/changes';
import { expect, test } from './test';
import { bookAndPay, newCustomer, signInContext, subscribe, type Customer } from './api-setup';
import { downloadGuide, GUIDES } from './lead-dialog';
import { PASSWORD, readyAuthForm } from './customer';
import { startServer, freePort, removeDir, tempDataDir, type ServerProcess } from '../support/server';
import { startWebhookSink, type WebhookSink } from './webhook-sink';
import { ADDRESS, bookingCard, DAY, fillVisit, typedVisit, VISIT } from './visit-fields';

interface MailJson {
  subject: string;
  text: string;
  html: string | null;
  attachments: { filename: string; contentType: string; content: string }[];
  links: string[];
}

/** The mails the local mailbox at `origin` holds for `to`, newest first. */
async function mailsTo(page: Page, origin: string, to: string): Promise<MailJson[]> {
  const res = await page.request.get(`${origin}/_dev/mail.json?to=${encodeURIComponent(to)}`);
  return ((await res.json()) as { messages: MailJson[] }).messages;
}

/** Waits for the one mail to `to` whose subject matches, and returns it. */
async function mailMatching(page: Page, origin: string, to: string, subject: RegExp): Promise<MailJson> {
  await expect
    .poll(async () => (await mailsTo(page, origin, to)).filter((m) => subject.test(m.subject)).length, {
      timeout: 30_000,
    })
    .toBe(1);
  return (await mailsTo(page, origin, to)).find((m) => subject.test(m.subject))!;
}

/** Signs in on /auth (its one island hydrated first). */
async function signIn(page: Page, email: string): Promise<void> {
  await readyAuthForm(page);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

test.describe('service area check on the home page', () => {
  test('65804 and Nixa are in, 64101 is out and offers the contact form', async ({ page }) => {
    await page.goto('/');
    const area = page.getByRole('region', { name: 'Proudly serving the Springfield area' });
    const input = area.getByLabel('Is your home in our area? ZIP code or town');
    await input.fill('65804');
    await area.getByRole('button', { name: 'Check' }).click();
    await expect(area.getByText('We serve Springfield (65804).')).toBeVisible();
    await expect(area.getByRole('link', { name: 'Book a service' })).toHaveAttribute(
      'href',
      '/services/air-filter-replacement#booking',
    );
    await expect(area.getByRole('link', { name: 'See Autopilot plans' })).toHaveAttribute('href', '/#autopilot');

    await input.fill('Nixa');
    await area.getByRole('button', { name: 'Check' }).click();
    await expect(area.getByText('We serve Nixa.')).toBeVisible();

    await input.fill('64101');
    await area.getByRole('button', { name: 'Check' }).click();
    await expect(area.getByText('64101 is outside our 25-mile service area around Springfield.')).toBeVisible();
    await area.getByRole('link', { name: 'Ask us anyway' }).click();
    const contact = page.locator('form[data-contact-form]');
    await expect(contact.getByLabel('Message')).toHaveValue(/Do you serve 64101\?/);
    await expect(contact.getByLabel('Service')).toHaveValue('other');
    await expect(contact.getByLabel('Name')).toBeFocused();
  });

  test('a guide request e-mails the guide', async ({ page }) => {
    const email = `guide.${Date.now()}@example.com`;
    await page.goto('/blog/how-to-change-air-filter');
    await downloadGuide(page, GUIDES.checklist, { firstName: 'Lee', email });
    const mail = await mailMatching(page, '', email, /^Your guide: Air Filter Replacement Checklist$/);
    // Nothing typed into the form reaches the e-mail: anyone can send it to any address.
    expect(mail.text).toMatch(/^Hello,\n/);
    expect(mail.text).not.toContain('Lee');
    expect(mail.links.some((link) => link.endsWith('/downloads/air-filter-checklist.pdf'))).toBe(true);
    const pdf = await page.request.get(mail.links.find((link) => link.endsWith('.pdf'))!);
    expect(pdf.headers()['content-type']).toContain('application/pdf');
  });
});

test.describe('from payment to visit', () => {
  test.describe.configure({ mode: 'serial' });

  let sink: WebhookSink;
  let server: ServerProcess;
  let dataDir: string;
  let port: number;
  let customer: Customer;
  const email = `new.customer.${Date.now()}@example.com`;

  test.beforeAll(async () => {
    // A server start takes a minute on a busy 2-core machine.
    test.setTimeout(240_000);
    sink = await startWebhookSink();
    dataDir = await tempDataDir('shm-booking-e2e-');
    port = await freePort();
    server = await startServer({ dataDir, port, env: { ORDER_WEBHOOK_URL: sink.url }, template: true });
    // An account that exists and is confirmed (the sign-up's own pages: accounts.spec.ts).
    customer = await newCustomer(server, { email, name: 'Sam Subscriber' });
  });

  test.afterAll(async () => {
    await server?.stop();
    await sink?.close();
    await removeDir(dataDir);
  });

  test('book premium air filter replacement signed out: sign-in keeps the choices; pay; e-mail, owner event, account', async ({
    browser,
  }) => {
    const context = await browser.newContext({ baseURL: server.origin });
    const page = await context.newPage();
    await page.goto('/services/air-filter-replacement');
    const card = await bookingCard(page);
    await expect(card.getByText(CHANGE_RULE)).toBeVisible();
    await card.getByRole('radio', { name: /^Premium/ }).check();
    await expect(card.locator('output')).toHaveText('$30.00');

    // Out of the area: the card says so beside the ZIP code, and nothing is sent.
    await fillVisit(card, '64101');
    await card.getByRole('button', { name: /Book & Pay/ }).click();
    await expect(card.getByText(/This ZIP code is outside our 25-mile service area/)).toBeVisible();
    await expect(card.getByLabel('ZIP code')).toBeFocused();
    await expect(page).toHaveURL(/\/services\/air-filter-replacement$/);

    await card.getByLabel('ZIP code').fill(VISIT.zip);
    await expect(card.getByText('We serve Nixa.')).toBeVisible();
    await card.getByRole('button', { name: /Book & Pay/ }).click();
    // Below the card, the e-mail code; this customer has a password and signs in instead.
    await card.getByRole('link', { name: 'Sign in instead' }).click();
    await expect(page).toHaveURL(/\/auth\?return=/);
    await signIn(page, email);

    // Back on the card, with every choice as it was.
    await expect(page).toHaveURL(/\/services\/air-filter-replacement#booking$/);
    await bookingCard(page);
    await expect(card.getByRole('radio', { name: /^Premium/ })).toBeChecked();
    await expect(card.locator('output')).toHaveText('$30.00');
    await expect(card.getByLabel('Service address')).toHaveValue(VISIT.street);
    await expect(card.getByLabel('City')).toHaveValue(VISIT.city);
    await expect(card.getByLabel('ZIP code')).toHaveValue(VISIT.zip);
    await expect(card.getByLabel('Phone')).toHaveValue(VISIT.phone);
    await expect(card.getByLabel('Preferred day')).toHaveValue(DAY.date);
    await expect(card.getByRole('radio', { name: 'Morning (8 AM-12 PM)' })).toBeChecked();
    await expect(card.getByLabel('Notes')).toHaveValue(VISIT.notes);

    const popup = page.waitForEvent('popup');
    await card.getByRole('button', { name: /Book & Pay/ }).click();
    const checkout = await popup;
    await expect(checkout.getByRole('button', { name: 'Pay $30.00' })).toBeVisible();
    await expect(checkout.getByText(`Visit: ${ADDRESS}`)).toBeVisible();
    await checkout.getByLabel('Name on card').fill('Sam Subscriber');
    await checkout.getByRole('button', { name: 'Pay $30.00' }).click();
    await expect(checkout).toHaveURL(/\/payment-success\?session_id=cs_test_/);
    await expect(checkout.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();
    const sessionId = new URL(checkout.url()).searchParams.get('session_id') ?? '';
    const orderNumber = `ORD-${sessionId.split('_').pop()?.slice(-8).toUpperCase()}`;
    await expect(checkout.getByText('Air Filter Replacement (Premium filter), $30.00')).toBeVisible();
    await expect(checkout.getByText(ADDRESS)).toBeVisible();
    await expect(checkout.getByText(/morning \(8 AM-12 PM\)/)).toBeVisible();

    const mail = await mailMatching(checkout, server.origin, email, /^Booking confirmed/);
    expect(mail.subject).toBe(`Booking confirmed: Air Filter Replacement (Premium filter) (${orderNumber})`);
    for (const part of [orderNumber, '$30.00', ADDRESS, 'morning (8 AM-12 PM)', 'We will send you a proposed time']) {
      expect(mail.text).toContain(part);
    }
    expect(mail.html).toContain(orderNumber);
    const ics = mail.attachments.find((a) => a.filename === `${orderNumber}.ics`);
    expect(ics?.contentType).toContain('text/calendar');
    expect(ics?.content).toContain('BEGIN:VEVENT');
    expect(ics?.content).toContain(`LOCATION:${ADDRESS.replace(/,/g, '\\,')}`);

    await expect.poll(() => sink.received.filter((r) => r.body['event'] === 'booking.paid').length).toBe(1);
    const event = sink.received.find((r) => r.body['event'] === 'booking.paid')!;
    expect(event.body).toMatchObject({
      orderNumber,
      customerName: 'Sam Subscriber',
      email,
      phone: VISIT.phone,
      address: ADDRESS,
      service: 'Air Filter Replacement (Premium filter)',
      amount: '$30.00',
      requestedDay: DAY.date,
      requestedWindow: 'Morning (8 AM-12 PM)',
      notes: VISIT.notes,
    });
    expect(event.key).toBe(`booking-paid:${sessionId}`);

    await checkout.getByRole('link', { name: 'View Account' }).click();
    const visits = checkout.getByRole('region', { name: 'Upcoming Visits' });
    await expect(visits.getByRole('listitem').filter({ hasText: orderNumber })).toContainText(
      'Air Filter Replacement (Premium filter)',
    );
    await expect(visits.getByRole('listitem').filter({ hasText: orderNumber })).toContainText(
      /Requested: \w+day, \w+ \d{1,2}, \d{4}, morning \(8 AM-12 PM\)/,
    );
    const order = checkout.getByRole('region', { name: 'Your Orders' }).getByRole('row', { name: /Air Filter/ });
    await expect(order.getByRole('cell')).toHaveText([
      orderNumber,
      'Air Filter Replacement (Premium filter)',
      /\w+ \d{1,2}, \d{4}/,
      '$30.00',
    ]);
    // Still exactly once, after everything settled.
    expect(sink.received.filter((r) => r.key === `booking-paid:${sessionId}`)).toHaveLength(1);
    await context.close();
  });

  test('a restart mid-delivery loses and repeats nothing', async ({ browser }) => {
    const context = await browser.newContext({ baseURL: server.origin });
    const page = await context.newPage();
    // A dryer vent cleaning paid while the sink holds its answers.
    sink.hold = true;
    const { sessionId } = await bookAndPay(server, customer, { visit: typedVisit() });
    const key = `booking-paid:${sessionId}`;

    // The owner's event is in flight (the sink holds its answer): stop the server now.
    await expect.poll(() => sink.received.filter((r) => r.key === key).length).toBe(1);
    expect(await server.stop()).toBe(0);
    sink.hold = false;
    sink.release();
    server = await startServer({ dataDir, port, env: { ORDER_WEBHOOK_URL: sink.url } });

    // Delivered again after the restart, under the same key, and then never again.
    await expect.poll(() => sink.received.filter((r) => r.key === key).length, { timeout: 30_000 }).toBe(2);
    const deliveries = sink.received.filter((r) => r.key === key);
    expect(deliveries[1]?.body).toEqual(deliveries[0]?.body);
    await expect
      .poll(async () => {
        const res = await page.request.get(`${server.origin}/_dev/leads.json`);
        const { leads } = (await res.json()) as { leads: { idempotency_key: string; delivery_state: string }[] };
        return leads.filter((lead) => lead.idempotency_key === key).map((lead) => lead.delivery_state);
      })
      .toEqual(['delivered']);
    // Its e-mail, queued with the payment, is sent once, whether before the stop or after the restart.
    await expect
      .poll(async () =>
        (await mailsTo(page, server.origin, email)).filter((m) =>
          m.subject.startsWith('Booking confirmed: Dryer Vent'),
        ),
      )
      .toHaveLength(1);
    await context.close();
  });

  test('subscribe: the plan-started e-mail; cancel in the portal: the cancellation e-mail and the owner event', async ({
    browser,
  }) => {
    const context = await browser.newContext({ baseURL: server.origin });
    await signInContext(context, server, customer);
    const page = await context.newPage();
    await subscribe(server, customer, { planType: 'lite' });

    const started = await mailMatching(page, server.origin, email, /^Welcome to Autopilot Lite$/);
    for (const part of [
      'Plan: Autopilot Lite',
      'Billing: monthly',
      'Amount: $39.00',
      'Next charge:',
      'within 24 hours',
    ]) {
      expect(started.text).toContain(part);
    }
    expect(started.text).toContain("30 days' notice");
    await expect.poll(() => sink.received.filter((r) => r.body['event'] === 'plan.started').length).toBe(1);

    await page.goto('/account');
    const visits = page.getByRole('region', { name: 'Upcoming Visits' });
    await expect(visits).toContainText('Autopilot Lite quarterly visit');
    const portal = page.waitForEvent('popup');
    await page.getByRole('button', { name: 'Manage billing' }).click();
    const billing = await portal;
    await billing.getByRole('button', { name: 'Cancel plan' }).click();
    await expect(billing.getByRole('button', { name: 'Keep plan' })).toBeVisible();

    const cancelled = await mailMatching(page, server.origin, email, /^Your Autopilot Lite plan is cancelled$/);
    expect(cancelled.text).toMatch(/stays active until \w+day, \w+ \d{1,2}, \d{4}/);
    await expect.poll(() => sink.received.filter((r) => r.body['event'] === 'plan.cancelled').length).toBe(1);
    // Starting a plan is no change of it: no 'plan changed' e-mail or event came with it.
    expect(sink.received.filter((r) => r.body['event'] === 'plan.changed')).toEqual([]);
    expect((await mailsTo(page, server.origin, email)).filter((m) => m.subject.startsWith('Your plan is now'))).toEqual(
      [],
    );
    expect(sink.received.find((r) => r.body['event'] === 'plan.cancelled')?.body).toMatchObject({
      email,
      service: 'Autopilot Lite plan',
      plan: 'lite',
    });
    await context.close();
  });
});
