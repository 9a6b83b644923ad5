import { describe, expect, test } from 'vitest';
import { mailFrom, mailQueue, messageIdFor, smtpUrl } from '../../../../../functions/_lib/platform/mail.ts';

describe('the mail outbox', () => {
  test('sends only when SMTP_URL is set; MAIL_FROM has a default', () => {
    expect(mailQueue({}).configuredKinds()).toEqual([]);
    expect(mailQueue({ SMTP_URL: 'smtp://127.0.0.1:1025' }).configuredKinds()).toContain('booking-confirmed');
    expect(smtpUrl({ SMTP_URL: '  ' })).toBeUndefined();
    expect(mailFrom({})).toBe('"Springfield Home Maintenance" <help@springfieldhome.example>');
  });
  test("one event's e-mail has one Message-ID on every attempt", () => {
    const from = '"Springfield Home" <help@springfieldhome.example>';
    expect(messageIdFor('booking-confirmed:cs_1', from)).toBe(messageIdFor('booking-confirmed:cs_1', from));
    expect(messageIdFor('booking-confirmed:cs_1', from)).not.toBe(messageIdFor('booking-confirmed:cs_2', from));
    expect(messageIdFor('guide:1', from)).toMatch(/^<[0-9a-f]{32}@springfieldhome\.example>$/);
  });
});
