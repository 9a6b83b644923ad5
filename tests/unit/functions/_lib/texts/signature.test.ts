import { createHmac } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import { twilioSignature, urlVariants, validTwilioSignature } from '../../../../../functions/_lib/texts/signature.ts';

// The worked example of the provider's request-validation documentation (and of its SDKs' tests).
const DOC = {
  token: '12345',
  url: 'https://mycompany.com/myapp.php?foo=1&bar=2',
  params: {
    CallSid: 'CA1234567890ABCDE',
    Caller: '+14158675309',
    Digits: '1234',
    From: '+14158675309',
    To: '+18005551212',
  },
  signature: 'RSOYDt4T1cUTdK1PDd93/VVr8B8=',
};

/** The algorithm written out by hand: URL, then each parameter sorted by name as name+value, HMAC-SHA1, base64. */
function byHand(token: string, data: string): string {
  return createHmac('sha1', token).update(data, 'utf8').digest('base64');
}

describe('X-Twilio-Signature (docs/product/texts.md#texts-in-production-and-in-the-embedded-default)', () => {
  test("reproduces the provider's documented example", () => {
    expect(twilioSignature(DOC.token, DOC.url, DOC.params)).toBe(DOC.signature);
    expect(validTwilioSignature(DOC.token, DOC.signature, DOC.url, DOC.params)).toBe(true);
  });

  test('an inbound text: the URL, then the parameters sorted by name, no separators', () => {
    const url = 'http://localhost:4321/api/sms-inbound';
    const params = new URLSearchParams({
      To: '+14175550199',
      From: '+14175550142',
      Body: 'Y',
      MessageSid: 'SM0123456789abcdef0123456789abcdef',
      AccountSid: 'AC0123456789abcdef0123456789abcdef',
    });
    const data =
      url +
      'AccountSidAC0123456789abcdef0123456789abcdef' +
      'BodyY' +
      'From+14175550142' +
      'MessageSidSM0123456789abcdef0123456789abcdef' +
      'To+14175550199';
    const expected = byHand('secret-token', data);
    expect(twilioSignature('secret-token', url, params)).toBe(expected);
    expect(validTwilioSignature('secret-token', expected, url, params)).toBe(true);
  });

  test("a repeated name signs each of its values, sorted, as the provider's SDKs do", () => {
    const params = new URLSearchParams([
      ['Sid', 'CA123'],
      ['SidAccount', 'AC123'],
      ['Digits', '5678'],
      ['Digits', '1234'],
      ['Digits', '1234'],
    ]);
    const expected = byHand(DOC.token, `${DOC.url}Digits1234Digits1234Digits5678SidCA123SidAccountAC123`);
    expect(twilioSignature(DOC.token, DOC.url, params)).toBe(expected);
    expect(
      twilioSignature(DOC.token, DOC.url, { ...Object.fromEntries(params), Digits: ['5678', '1234', '1234'] }),
    ).toBe(expected);
  });

  test('any change of token, URL, parameter or signature fails the check', () => {
    expect(validTwilioSignature('54321', DOC.signature, DOC.url, DOC.params)).toBe(false);
    expect(validTwilioSignature(DOC.token, DOC.signature, `${DOC.url}&baz=3`, DOC.params)).toBe(false);
    expect(validTwilioSignature(DOC.token, DOC.signature, DOC.url, { ...DOC.params, Digits: '9999' })).toBe(false);
    expect(validTwilioSignature(DOC.token, DOC.signature, DOC.url, { ...DOC.params, Extra: '' })).toBe(false);
    expect(validTwilioSignature(DOC.token, 'RSOYDt4T1cUTdK1PDd93/VVr8B8', DOC.url, DOC.params)).toBe(false);
    expect(validTwilioSignature(DOC.token, '', DOC.url, DOC.params)).toBe(false);
    expect(validTwilioSignature(DOC.token, null, DOC.url, DOC.params)).toBe(false);
    expect(validTwilioSignature('', twilioSignature('', DOC.url, DOC.params), DOC.url, DOC.params)).toBe(false);
  });

  test('the URL is accepted with or without its port, as the SDK accepts it', () => {
    const withPort = 'https://mycompany.com:443/myapp.php?foo=1&bar=2';
    const signedWithPort = twilioSignature(DOC.token, withPort, DOC.params);
    expect(validTwilioSignature(DOC.token, signedWithPort, DOC.url, DOC.params)).toBe(true);
    expect(validTwilioSignature(DOC.token, DOC.signature, withPort, DOC.params)).toBe(true);
    const local = 'http://localhost:4321/api/sms-inbound';
    expect(urlVariants(local)).toEqual([local, 'http://localhost/api/sms-inbound']);
    expect(urlVariants('http://localhost/api/sms-inbound')).toEqual([
      'http://localhost/api/sms-inbound',
      'http://localhost:80/api/sms-inbound',
    ]);
    // Another port is another URL.
    const elsewhere = twilioSignature(DOC.token, 'https://mycompany.com:8443/myapp.php?foo=1&bar=2', DOC.params);
    expect(validTwilioSignature(DOC.token, elsewhere, DOC.url, DOC.params)).toBe(false);
  });
});
