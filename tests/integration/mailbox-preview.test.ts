/**
 * The local mailbox's phone preview (docs/product/email-layout.md#the-local-mailbox): /_dev/mail
 * frames each message's HTML, served by /_dev/mail/<id>.html under its own policy, on the app of
 * `npm start` (its security headers included).
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { openMailbox } from '../../server/embedded/mailbox/index.ts';
import { startTestServer, type TestServer } from './harness.ts';

const HTML =
  '<!DOCTYPE html><html lang="en"><head><title>Preview</title></head>' +
  '<body><img src="http://localhost:4321/logo.png" alt=""><a href="http://localhost:4321/owner">Open the desk</a></body></html>';

describe('the mailbox phone preview', { timeout: 60_000 }, () => {
  let server: TestServer;
  let withHtml = 0;
  let textOnly = 0;

  beforeAll(async () => {
    server = await startTestServer();
    const mailbox = await openMailbox(server.db());
    const common = { attachments: [], headers: {} };
    await mailbox.receive({
      ...common,
      to: ['preview@example.com'],
      subject: 'Preview',
      text: 'Hi',
      html: HTML,
      messageId: '<p1@x>',
    });
    await mailbox.receive({
      ...common,
      to: ['plain@example.com'],
      subject: 'Plain',
      text: 'Hi',
      html: null,
      messageId: '<p2@x>',
    });
    withHtml = (await mailbox.list({ to: 'preview@example.com' }))[0]!.id;
    textOnly = (await mailbox.list({ to: 'plain@example.com' }))[0]!.id;
  });

  afterAll(async () => {
    await server?.stop();
  });

  test('the page frames the HTML of a mail that has one, and may frame its own origin', async () => {
    const res = await fetch(`${server.origin}/_dev/mail`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-security-policy')).toMatch(
      /^default-src 'none'; style-src 'sha256-.*; frame-src 'self'$/,
    );
    const page = await res.text();
    expect(page).toContain(`<iframe src="/_dev/mail/${withHtml}.html" title="Preview, as a 390 px phone shows it"`);
    expect(page).not.toContain(`/_dev/mail/${textOnly}.html`);
  });

  test("/_dev/mail/<id>.html serves the message's HTML under a policy allowing its images and inline styles only", async () => {
    const res = await fetch(`${server.origin}/_dev/mail/${withHtml}.html`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(res.headers.get('content-security-policy')).toBe(
      "default-src 'none'; img-src * data:; style-src 'unsafe-inline'; form-action 'none'; frame-ancestors 'self'",
    );
    // The mailbox page frames it: not the DENY of every other answer.
    expect(res.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('x-robots-tag')).toContain('noindex');
    expect(await res.text()).toBe(HTML.replace('<head>', '<head><base target="_blank">'));
    expect((await fetch(`${server.origin}/_dev/mail/${withHtml}.html`, { method: 'HEAD' })).status).toBe(200);
  });

  test('an unknown message or one without HTML is a 404; a name that is no message number a 400', async () => {
    const unknown = await fetch(`${server.origin}/_dev/mail/999999.html`);
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ error: 'No message 999999 in the mailbox' });
    const plain = await fetch(`${server.origin}/_dev/mail/${textOnly}.html`);
    expect(plain.status).toBe(404);
    expect(await plain.json()).toEqual({ error: `Message ${textOnly} has no HTML: it is plain text only` });
    for (const bad of [
      'abc.html',
      `${withHtml}`,
      `${withHtml}.htm`,
      '-1.html',
      '1e3.html',
      '12345678901.html',
      '%00.html',
    ]) {
      const res = await fetch(`${server.origin}/_dev/mail/${bad}`);
      expect(res.status, bad).toBe(400);
      expect(await res.json(), bad).toEqual({ error: 'A message is named by its number: /_dev/mail/<number>.html' });
    }
    expect((await fetch(`${server.origin}/_dev/mail/${withHtml}.html`, { method: 'POST' })).status).toBe(405);
  });
});
