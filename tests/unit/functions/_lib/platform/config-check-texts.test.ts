import { describe, expect, test } from 'vitest';
import { checkConfig, TEXTS_OFF_LINE, textsOff } from '../../../../../functions/_lib/platform/config-check.ts';

/** A complete production configuration without texts. */
const PRODUCTION = {
  SITE_URL: 'https://www.springfieldhome.example',
  DATABASE_URL: 'postgresql://postgres.abcdefghijkl:p%40ss@aws-0-us-east-2.pooler.supabase.com:6543/postgres',
  PUBLIC_SUPABASE_URL: 'https://abcdefghijkl.supabase.co',
  PUBLIC_SUPABASE_ANON_KEY: 'sb_publishable_abc123',
  STRIPE_SECRET_KEY: 'sk_live_51Habc123',
  STRIPE_WEBHOOK_SECRET: 'whsec_abc123',
  OWNER_EMAIL: 'owner@springfieldhome.example',
  SMTP_URL: 'smtps://postmark-token:postmark-token@smtp.postmarkapp.com:465',
  MAIL_FROM: '"Springfield Home Maintenance" <help@springfieldhome.example>',
  VISIT_LINK_SECRET: 'c0ffee'.repeat(8),
};

const SID = `AC${'0123456789abcdef'.repeat(2)}`;
const SERVICE = `MG${'fedcba9876543210'.repeat(2)}`;

describe('the Twilio variables (docs/product/texts.md#texts-in-production-and-in-the-embedded-default)', () => {
  test('none at all: texts are off, and the start says so in one line', () => {
    expect(checkConfig(PRODUCTION).problems).toEqual([]);
    expect(textsOff(PRODUCTION)).toBe(true);
    expect(TEXTS_OFF_LINE).toBe(
      'Texts are off: TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM (or TWILIO_MESSAGING_SERVICE_SID) are not set.',
    );
  });

  test('the account, the token and a number, or a messaging service: texts are on', () => {
    const withNumber = {
      ...PRODUCTION,
      TWILIO_ACCOUNT_SID: SID,
      TWILIO_AUTH_TOKEN: 'token',
      TWILIO_FROM: '+14175550142',
    };
    expect(checkConfig(withNumber).problems).toEqual([]);
    expect(textsOff(withNumber)).toBe(false);
    const withService = {
      ...PRODUCTION,
      TWILIO_ACCOUNT_SID: SID,
      TWILIO_AUTH_TOKEN: 'token',
      TWILIO_MESSAGING_SERVICE_SID: SERVICE,
    };
    expect(checkConfig(withService).problems).toEqual([]);
  });

  test('a partial set is refused, naming what is missing', () => {
    expect(checkConfig({ ...PRODUCTION, TWILIO_ACCOUNT_SID: SID }).problems).toEqual([
      expect.stringMatching(/^TWILIO_AUTH_TOKEN is missing: texts need/),
      expect.stringMatching(/^TWILIO_FROM \(or TWILIO_MESSAGING_SERVICE_SID\) is missing: texts need/),
    ]);
    expect(checkConfig({ ...PRODUCTION, TWILIO_AUTH_TOKEN: 'token', TWILIO_FROM: '+14175550142' }).problems).toEqual([
      expect.stringMatching(/^TWILIO_ACCOUNT_SID is missing/),
    ]);
  });

  test('malformed values are named', () => {
    const problems = checkConfig({
      ...PRODUCTION,
      TWILIO_ACCOUNT_SID: 'SK0123',
      TWILIO_AUTH_TOKEN: 'token',
      TWILIO_FROM: '(417) 555-0142',
      TWILIO_MESSAGING_SERVICE_SID: 'AC123',
    }).problems;
    expect(problems).toEqual([
      'TWILIO_ACCOUNT_SID must be the account SID: AC followed by 32 hex digits',
      'TWILIO_FROM must be a phone number in E.164, e.g. +14175550142',
      'TWILIO_MESSAGING_SERVICE_SID must be a Messaging Service SID: MG followed by 32 hex digits',
    ]);
  });
});
