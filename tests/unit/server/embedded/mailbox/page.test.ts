import { describe, expect, test } from 'vitest';
import { framedHtml, MAILBOX_PAGE_CSP, MESSAGE_HTML_CSP } from '../../../../../server/embedded/mailbox/index.ts';
import {
  bodyHtml,
  linksIn,
  messageHtmlPath,
  renderMailboxPage,
  type StoredMail,
} from '../../../../../server/embedded/mailbox/page.ts';

describe('mailbox page', () => {
  const text = 'Follow <this> link:\nhttp://localhost:4321/auth/v1/verify?token=abc&type=signup\nThanks & bye';

  test('bodies are escaped and their links clickable', () => {
    expect(linksIn(text)).toEqual(['http://localhost:4321/auth/v1/verify?token=abc&type=signup']);
    expect(bodyHtml(text)).toBe(
      'Follow &#60;this&#62; link:\n<a href="http://localhost:4321/auth/v1/verify?token=abc&#38;type=signup">' +
        'http://localhost:4321/auth/v1/verify?token=abc&#38;type=signup</a>\nThanks &#38; bye',
    );
  });

  test('the page is not indexed and says when there is no mail', () => {
    const page = renderMailboxPage([]);
    expect(page).toContain('<meta name="robots" content="noindex, nofollow">');
    expect(page).toContain('No mail yet.');
    const listed = renderMailboxPage([
      {
        id: 1,
        to: 'a@b.co',
        subject: '<b>Hi</b>',
        text,
        html: null,
        attachments: [{ filename: 'ORD-1.ics', contentType: 'text/calendar', size: 12, content: 'BEGIN:VCALENDAR' }],
        headers: { 'List-Unsubscribe': ['<https://example.com/api/unsubscribe?t=abc>'] },
        links: [],
        sentAt: '2026-03-01T12:00:00.000Z',
      },
    ]);
    expect(listed).toContain('&#60;b&#62;Hi&#60;/b&#62;');
    expect(listed).toContain('2026-03-01 12:00:00 UTC');
    expect(listed).toContain('Attached: ORD-1.ics (text/calendar, 12 bytes)');
    expect(listed).toContain('<dt>List-Unsubscribe</dt><dd>&#60;https://example.com/api/unsubscribe?t=abc&#62;</dd>');
  });

  const mail = (over: Partial<StoredMail>): StoredMail => ({
    id: 7,
    to: 'owner@example.com',
    subject: 'New booking: <Dryer Vent Cleaning>',
    text: 'Sam booked.\n\nOpen the desk: http://localhost:4321/owner',
    html: '<!DOCTYPE html><html lang="en"><head><title>x</title></head><body><a href="http://localhost:4321/owner">Open the desk</a></body></html>',
    attachments: [],
    headers: {},
    links: [],
    sentAt: '2026-03-01T12:00:00.000Z',
    ...over,
  });

  test('a mail with HTML shows it as a 390 px phone would, in a sandboxed frame titled by its subject, beside its text', () => {
    const page = renderMailboxPage([mail({})]);
    expect(messageHtmlPath(7)).toBe('/_dev/mail/7.html');
    const frame = /<iframe [^>]*><\/iframe>/.exec(page)?.[0] ?? '';
    expect(frame).toContain('src="/_dev/mail/7.html"');
    expect(frame).toContain('title="New booking: &#60;Dryer Vent Cleaning&#62;, as a 390 px phone shows it"');
    expect(frame).toContain('width="390"');
    expect(frame).toContain('loading="lazy"');
    // No script, no same-origin access: its links may only open as new tabs.
    expect(frame).toContain('sandbox="allow-popups allow-popups-to-escape-sandbox"');
    expect(frame).not.toContain('srcdoc');
    // The phone and the text side by side (the dev page's grid), the text still with its links.
    expect(page).toContain('<div class="layout">');
    expect(page).toContain('<h3 id="mail-7-html">HTML, at 390 px</h3>');
    expect(page).toContain('<h3>Plain text</h3>');
    expect(page).toContain('<a href="http://localhost:4321/owner">http://localhost:4321/owner</a>');
  });

  test('a mail without HTML shows only its text', () => {
    const page = renderMailboxPage([mail({ html: null })]);
    expect(page).not.toContain('<iframe');
    expect(page).not.toContain('Plain text');
    expect(page).toContain('<p class="text">Sam booked.');
  });

  test("the page may frame its own origin only; a message's HTML loads its images and inline styles, nothing else", () => {
    expect(MAILBOX_PAGE_CSP).toMatch(/^default-src 'none'; style-src 'sha256-[^']+'; .*; frame-src 'self'$/);
    expect(MESSAGE_HTML_CSP).toBe(
      "default-src 'none'; img-src * data:; style-src 'unsafe-inline'; form-action 'none'; frame-ancestors 'self'",
    );
  });

  test("a message's links open as new tabs: a <base> first in its head, or first of all without one", () => {
    expect(framedHtml('<html lang="en"><HEAD data-x="1"><title>x</title></HEAD></html>')).toBe(
      '<html lang="en"><HEAD data-x="1"><base target="_blank"><title>x</title></HEAD></html>',
    );
    expect(framedHtml('<p>Hi</p>')).toBe('<base target="_blank"><p>Hi</p>');
    // <header> is no <head>.
    expect(framedHtml('<header>x</header>')).toBe('<base target="_blank"><header>x</header>');
  });
});
