/**
 * The one layout of every e-mail (docs/product/email-layout.md#the-layout): the parts compose
 * gives, drawn by React Email. How it reads at 390 px in Chromium: tests/e2e/emails.spec.ts.
 */
import { describe, expect, test } from 'vitest';
import { compose } from '../../../../../src/features/mail/compose.ts';
import { placeLine, renderMailHtml } from '../../../../../src/features/mail/layout.ts';
import { withUnsubscribeLine } from '../../../../../src/features/mail/unsubscribe.ts';
import { SITE } from '../../../../../src/site.ts';

const ORIGIN = 'https://www.example.com';
const CANCEL = `${ORIGIN}/visit?t=cancel.abc`;

const mail = compose({
  subject: 'Visit moved: Friday <b>',
  preheader: 'Your visit is now on Friday at 9:30 AM.',
  greeting: 'Hello Sam,',
  paragraphs: ['We moved your visit.'],
  details: [['Order number', 'ORD-1']],
  actions: [
    { label: 'Reschedule', url: `${ORIGIN}/visit?t=reschedule.abc` },
    { label: 'Cancel', url: CANCEL },
  ],
  after: ['Questions? Call us.'],
});

describe('compose', () => {
  test('the text: words, facts, then each action labelled on its own line, then the signature', () => {
    expect(mail.text).toBe(
      [
        'Hello Sam,',
        '',
        'We moved your visit.',
        '',
        'Order number: ORD-1',
        '',
        `Reschedule: ${ORIGIN}/visit?t=reschedule.abc`,
        `Cancel: ${CANCEL}`,
        '',
        'Questions? Call us.',
        '',
        SITE.name,
        `${SITE.phone.display} · ${SITE.email}`,
      ].join('\n'),
    );
  });

  test('the preheader: the one given, else the first paragraph cut at a word to at most 140 characters', () => {
    expect(mail.layout.preheader).toBe('Your visit is now on Friday at 9:30 AM.');
    const long = 'word '.repeat(40).trim();
    const cut = compose({ subject: 'S', greeting: 'Hello,', paragraphs: [long] }).layout.preheader;
    expect(cut.length).toBeLessThanOrEqual(140);
    expect(cut.endsWith('word…')).toBe(true);
    expect(compose({ subject: 'Only a subject', greeting: 'Hello,', paragraphs: [] }).layout.preheader).toBe(
      'Only a subject',
    );
  });
});

describe('the HTML', () => {
  test('language, title, preheader, heading, facts, buttons and footer; words escaped', async () => {
    const html = await renderMailHtml(mail.layout, ORIGIN);
    expect(html).toContain('<html dir="ltr" lang="en">');
    expect(html).toContain('<title>Visit moved: Friday &lt;b&gt;</title>');
    expect(html).toMatch(/<div style="display:none[^"]*"[^>]*>Your visit is now on Friday at 9:30 AM\./);
    expect(html).toMatch(/<h1[^>]*>Visit moved: Friday &lt;b&gt;<\/h1>/);
    expect(html).toMatch(/<th scope="row"[^>]*>Order number<\/th><td[^>]*>ORD-1<\/td>/);
    expect(html).toMatch(new RegExp(`<a href="${CANCEL.replace(/[?.]/g, '\\$&')}"[^>]*>.*Cancel.*</a>`));
    expect(html).toContain(`src="${ORIGIN}/logo.png"`);
    expect(html).toContain(`href="${SITE.phone.href}"`);
    expect(html).toContain(`href="mailto:${SITE.email}"`);
    expect(html).toContain(placeLine());
    expect(html).not.toContain('Unsubscribe');
  });

  test("a marketing e-mail's footer links its unsubscribe page", async () => {
    const page = `${ORIGIN}/unsubscribe?t=tok`;
    const html = await renderMailHtml(withUnsubscribeLine(mail, page).layout, ORIGIN);
    expect(html).toMatch(
      /You get this because you booked or asked for a guide with us\. (<!-- -->)?<a href="https:\/\/www\.example\.com\/unsubscribe\?t=tok"[^>]*>Unsubscribe<\/a>/,
    );
  });

  test('the place line: the street or the area served, the city, the state and the ZIP code', () => {
    expect(placeLine()).toContain(`${SITE.area.city}, ${SITE.area.region} ${SITE.address.postalCode}`);
  });
});
