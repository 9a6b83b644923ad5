/**
 * The unsubscribe links, headers and closing line of a marketing e-mail
 * (docs/product/emails.md#unsubscribing), and the local mailbox's reading of raw headers.
 */
import { describe, expect, test } from 'vitest';
import { headersOf } from '../../../../../server/embedded/mailbox/smtp.ts';
import { compose } from '../../../../../src/features/mail/compose.ts';
import {
  unsubscribeHeaders,
  unsubscribeLinks,
  withUnsubscribeLine,
} from '../../../../../src/features/mail/unsubscribe.ts';

const TOKEN = 'Zq3_-x8YkG0aB1cD2eF3gH4iJ5kL6mN7oP8qR9sT0uV';

describe('unsubscribe links and headers', () => {
  test('the one-click address and the page carry the token', () => {
    expect(unsubscribeLinks('https://www.example.com', TOKEN)).toEqual({
      oneClick: `https://www.example.com/api/unsubscribe?t=${TOKEN}`,
      page: `https://www.example.com/unsubscribe?t=${TOKEN}`,
    });
  });

  test('RFC 8058: the https address in angle brackets, and the one-click POST body', () => {
    expect(unsubscribeHeaders(`https://www.example.com/api/unsubscribe?t=${TOKEN}`)).toEqual({
      'List-Unsubscribe': `<https://www.example.com/api/unsubscribe?t=${TOKEN}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
  });

  test("the closing line goes last in the text; the HTML's footer gets the page", () => {
    const page = `https://www.example.com/unsubscribe?t=${TOKEN}`;
    const mail = withUnsubscribeLine(compose({ subject: 'S', greeting: 'Hello,', paragraphs: ['P'] }), page);
    expect(
      mail.text.endsWith(`\n\nYou get this because you booked or asked for a guide with us. Unsubscribe: ${page}`),
    ).toBe(true);
    expect(mail.layout.unsubscribeUrl).toBe(page);
  });
});

describe('the local mailbox’s headers', () => {
  test('each name as sent, folded values unfolded, repeats kept in order', () => {
    expect(
      headersOf([
        { line: 'Subject: How did your visit go?' },
        { line: 'List-Unsubscribe:\r\n <https://www.example.com/api/unsubscribe?t=abc>' },
        { line: 'Received: from a' },
        { line: 'Received: from b' },
        { line: 'not a header' },
      ]),
    ).toEqual({
      Subject: ['How did your visit go?'],
      'List-Unsubscribe': ['<https://www.example.com/api/unsubscribe?t=abc>'],
      Received: ['from a', 'from b'],
    });
  });
});
