import { describe, expect, test } from 'vitest';
import { toE164 } from '../../../../../functions/_lib/texts/phone.ts';

describe('toE164 (docs/product/texts.md#consent)', () => {
  test.each([
    ['(417) 555-0142', '+14175550142'],
    ['417-555-0142', '+14175550142'],
    ['417.555.0142', '+14175550142'],
    ['4175550142', '+14175550142'],
    ['  417 555 0142  ', '+14175550142'],
    ['+1 417 555 0142', '+14175550142'],
    ['1 (417) 555-0142', '+14175550142'],
    ['+14175550142', '+14175550142'],
  ])('reads %j as a US number: %s', (input, e164) => {
    expect(toE164(input)).toBe(e164);
  });

  test.each(['', 'not a phone', '555-0142', '417555014', '41755501422', '(017) 555-0142', '+1 111 555 0142'])(
    'finds %j invalid',
    (input) => {
      expect(toE164(input)).toBeNull();
    },
  );

  test('keeps a valid number of another country in E.164', () => {
    expect(toE164('+44 20 7946 0958')).toBe('+442079460958');
  });
});
