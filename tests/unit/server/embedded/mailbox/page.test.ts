import { describe, expect, test } from 'vitest';
import { bodyHtml, linksIn, renderMailboxPage } from '../../../../../server/embedded/mailbox/page.ts';

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
});
