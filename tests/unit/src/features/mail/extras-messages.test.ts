import { describe, expect, test } from 'vitest';
import {
  extraLine,
  extrasReceiptMail,
  payReminderMail,
  payRequestMail,
  type ExtrasMailFacts,
} from '@/features/mail/extras-messages';
import { priceExtras } from '@/features/extras/extras';
import { SITE } from '@/site';
import { actionsOf, expectNoAddressInWords } from './words';

const PAY_URL = 'https://www.example.com/pay?t=eyJwIjoicGF5In0.abc';

/** Priced as the server prices them: from the catalogue, the special-order part at the owner's price. */
function pricedLines() {
  const priced = priceExtras(
    ['light-bulb-replacement'],
    [
      { id: 'bulb-led-a19', qty: 3 },
      { id: 'special-order', qty: 1, name: 'Globe for the foyer fixture', priceCents: 2250 },
    ],
  );
  if (!priced.ok) throw new Error(priced.error);
  return priced;
}

const { items, amountCents } = pricedLines();
const FACTS: ExtrasMailFacts = {
  name: 'Sam Subscriber',
  orderNumber: 'ORD-X9Y8Z7W6',
  service: 'Light Bulb Replacement',
  day: '2026-12-08',
  address: '12 Elm St, Nixa, MO 65714',
  items,
  amountCents,
  note: 'Replaced the three stairwell bulbs',
  payUrl: PAY_URL,
  siteUrl: 'https://www.example.com',
};

describe('the pay request e-mail (docs/product/extras.md#the-pay-link)', () => {
  test('its subject names the total and the order number', () => {
    expect(amountCents).toBe(4650);
    expect(payRequestMail(FACTS).subject).toBe('Pay for extras: $46.50 (ORD-X9Y8Z7W6)');
  });

  test("line by line with prices, the note, the total, and the pay link as 'Pay <total>'", () => {
    const mail = payRequestMail(FACTS);
    expect(mail.text).toContain('3 × LED bulb, standard (A19) ($8.00 each): $24.00');
    expect(mail.text).toContain('1 × Special-order part: Globe for the foyer fixture: $22.50');
    expect(mail.text).toContain('Note: Replaced the three stairwell bulbs');
    expect(mail.text).toContain('Total: $46.50');
    expect(mail.text).toContain(`Pay $46.50: ${PAY_URL}`);
    expect(mail.text).toContain('You can add a tip on the payment page if you like. Nothing is charged until you pay.');
    expect(mail.text).toContain('Visit: Tuesday, December 8, 2026');
    expect(actionsOf(mail)).toEqual([['Pay $46.50', PAY_URL]]);
    expect(mail.layout.preheader).toBe(
      'The extras of your visit (Light Bulb Replacement, Tuesday, December 8, 2026) come to $46.50. Nothing is charged until you pay.',
    );
    expect(mail.text).not.toContain(`Call ${SITE.phone.display} to pay.`);
    expectNoAddressInWords(mail);
  });

  test('without the link secret: no link, call to pay', () => {
    const mail = payRequestMail({ ...FACTS, payUrl: null });
    expect(mail.text).toContain(`Call ${SITE.phone.display} to pay.`);
    expect(mail.text).not.toContain('Pay $');
    expect(mail.text).not.toContain('/pay?');
    expect(actionsOf(mail)).toEqual([]);
    expectNoAddressInWords(mail);
  });

  test('no note, no note line', () => {
    expect(payRequestMail({ ...FACTS, note: null }).text).not.toContain('Note:');
  });

  test('one of an item reads without "each"', () => {
    expect(extraLine({ name: '9-volt battery', qty: 1, unitCents: 400, amountCents: 400 })).toBe(
      '1 × 9-volt battery: $4.00',
    );
  });
});

describe('the reminder (docs/product/extras.md#reminder)', () => {
  test('its subject, the same lines and the same link', () => {
    const mail = payReminderMail(FACTS);
    expect(mail.subject).toBe('Reminder: extras to pay, $46.50 (ORD-X9Y8Z7W6)');
    expect(mail.text).toContain('The extras of your visit are not paid yet.');
    expect(mail.text).toContain('3 × LED bulb, standard (A19) ($8.00 each): $24.00');
    expect(mail.text).toContain(`Pay $46.50: ${PAY_URL}`);
    expect(mail.layout.preheader).toBe(
      'The extras of your visit (Light Bulb Replacement, Tuesday, December 8, 2026), $46.50, are not paid yet.',
    );
    expectNoAddressInWords(mail);
    expect(payReminderMail({ ...FACTS, payUrl: null }).text).toContain(`Call ${SITE.phone.display} to pay.`);
  });
});

describe('the receipt (docs/product/extras.md#paid)', () => {
  const RECEIPT_URL = 'https://invoice.stripe.com/i/acct_1/test_abc';
  const receipt = { ...FACTS, tipCents: 700, paidAt: '2026-12-09T02:30:00.000Z', receiptUrl: RECEIPT_URL };

  test('its subject names the amount paid, the tip included', () => {
    expect(extrasReceiptMail(receipt).subject).toBe('Receipt: extras paid, $53.50 (ORD-X9Y8Z7W6)');
  });

  test('the lines, the tip apart, the total paid, the day in Springfield and the labelled receipt link', () => {
    const mail = extrasReceiptMail(receipt);
    expect(mail.text).toContain('3 × LED bulb, standard (A19) ($8.00 each): $24.00');
    expect(mail.text).toContain('Extras: $46.50');
    expect(mail.text).toContain('Tip: $7.00');
    expect(mail.text).toContain('Total paid: $53.50');
    // 02:30 UTC on the 9th is the evening of the 8th in Springfield.
    expect(mail.text).toContain('Paid: Tuesday, December 8, 2026');
    expect(mail.text).toContain(`Receipt: ${RECEIPT_URL}`);
    expect(actionsOf(mail)).toEqual([
      ['Receipt', RECEIPT_URL],
      ['Your account', 'https://www.example.com/account'],
    ]);
    expect(mail.text).not.toContain('/pay?');
    expectNoAddressInWords(mail);
  });

  test('no tip and no receipt from the provider: a tip of $0.00 and no receipt line', () => {
    const mail = extrasReceiptMail({ ...receipt, tipCents: 0, receiptUrl: null });
    expect(mail.subject).toBe('Receipt: extras paid, $46.50 (ORD-X9Y8Z7W6)');
    expect(mail.text).toContain('Tip: $0.00');
    expect(mail.text).not.toContain('Receipt: http');
    expect(actionsOf(mail)).toEqual([['Your account', 'https://www.example.com/account']]);
    expectNoAddressInWords(mail);
  });
});
