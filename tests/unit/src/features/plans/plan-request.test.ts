import { describe, expect, test } from 'vitest';
import {
  planDetailsErrors,
  planDetailsSchema,
  planRequestErrors,
  planRequestSchema,
  PREFERRED_DAYS,
  preferredDayLabel,
} from '@/features/plans/plan-request';

const valid = {
  planType: 'full',
  billingPeriod: 'annual',
  fullName: 'Dana Whitfield',
  email: 'dana@example.com',
  phone: '417-555-0199',
  address: '1200 E Battlefield Rd',
  city: 'Springfield',
  state: 'MO',
  zip: '65804',
  preferredDay: 'weekdays',
  specialInstructions: 'Side gate code 1234',
  agreeTerms: true,
};

describe('plan request validation (docs/product/plans.md#plan-sign-up-form)', () => {
  test('a complete request passes; optional fields may be empty', () => {
    expect(planRequestErrors(valid)).toEqual({});
    expect(planRequestErrors({ ...valid, preferredDay: '', specialInstructions: '' })).toEqual({});
    expect(
      planRequestSchema.parse({ ...valid, preferredDay: undefined, specialInstructions: undefined }),
    ).toMatchObject({
      preferredDay: '',
      specialInstructions: '',
    });
  });

  test.each([
    ['fullName', 'Please enter your full name'],
    ['email', 'Please enter your email'],
    ['phone', 'Please enter your phone number'],
    ['address', 'Please enter your street address'],
    ['city', 'Please enter your city'],
    ['state', 'Please enter your state'],
    ['zip', 'Please enter your ZIP code'],
  ] as const)('%s is required', (field, message) => {
    expect(planRequestErrors({ ...valid, [field]: '   ' })[field]).toBe(message);
  });

  test('the service agreement must be accepted', () => {
    expect(planRequestErrors({ ...valid, agreeTerms: false }).agreeTerms).toBe(
      'Please agree to the Service Agreement and Terms of Service',
    );
  });

  test('the consent box: textConsent true or false, missing when not ticked (docs/product/texts.md#consent)', () => {
    expect(planRequestSchema.parse({ ...valid, textConsent: true }).textConsent).toBe(true);
    expect(planRequestSchema.parse({ ...valid, textConsent: false }).textConsent).toBe(false);
    expect(planRequestSchema.parse(valid)).not.toHaveProperty('textConsent');
    expect(planRequestErrors({ ...valid, textConsent: 'on' })).toEqual({
      textConsent: 'textConsent must be true or false',
    });
  });

  test('email must look like an email, as the email input type requires', () => {
    expect(planRequestErrors({ ...valid, email: 'dana at example' }).email).toBe('Please enter a valid email address');
  });

  test('unknown plans, periods and visit times are rejected', () => {
    expect(planRequestErrors({ ...valid, planType: 'gold' }).planType).toBeDefined();
    expect(planRequestErrors({ ...valid, billingPeriod: 'weekly' }).billingPeriod).toBeDefined();
    expect(planRequestErrors({ ...valid, preferredDay: 'midnight' }).preferredDay).toBeDefined();
    expect(planRequestErrors({ ...valid, planType: 'gold' }).planType).toBe(
      'Please choose Autopilot Lite or Autopilot Full',
    );
  });

  test('a missing or non-text field gets its own message, not a type error', () => {
    const { fullName: _omitted, ...rest } = valid;
    expect(planRequestErrors(rest).fullName).toBe('Please enter your full name');
    expect(planRequestErrors({ ...valid, zip: 65804 }).zip).toBe('Please enter your ZIP code');
    expect(planRequestErrors({ ...valid, agreeTerms: 'yes' }).agreeTerms).toBe(
      'Please agree to the Service Agreement and Terms of Service',
    );
  });
});

describe('plan visit details (docs/product/plans.md#plan-visit-details)', () => {
  const details = {
    fullName: 'Dana Whitfield',
    phone: '417-555-0199',
    address: '1200 E Battlefield Rd',
    city: 'Springfield',
    state: 'MO',
    zip: '65804',
    preferredDay: 'weekdays',
    specialInstructions: '',
  };

  test("the request's own rules, without e-mail, plan or agreement", () => {
    expect(planDetailsErrors(details)).toEqual({});
    expect(planDetailsSchema.parse({ ...valid })).toEqual({ ...details, specialInstructions: 'Side gate code 1234' });
  });

  test('the consent box: textConsent true or false, missing when not sent (docs/product/texts.md#consent)', () => {
    expect(planDetailsSchema.parse({ ...details, textConsent: true }).textConsent).toBe(true);
    expect(planDetailsSchema.parse({ ...details, textConsent: false }).textConsent).toBe(false);
    expect(planDetailsSchema.parse(details)).not.toHaveProperty('textConsent');
    expect(planDetailsErrors({ ...details, textConsent: 'on' })).toEqual({
      textConsent: 'textConsent must be true or false',
    });
  });

  test('a message per field', () => {
    expect(planDetailsErrors({ ...details, phone: '', city: ' ', preferredDay: 'noon' })).toEqual({
      phone: 'Please enter your phone number',
      city: 'Please enter your city',
      preferredDay: 'Please choose weekday mornings, weekday afternoons, Saturdays or no preference',
    });
  });

  test("the phone takes the booking's rule: ten digits (docs/product/messages.md#validation)", () => {
    for (const phone of ['1', '555-0199', '417-555-019']) {
      expect(planDetailsErrors({ ...details, phone }).phone, phone).toBe(
        'Please enter a 10-digit phone number, e.g. (417) 555-0142',
      );
    }
    for (const phone of ['(417) 555-0199', '1 417 555 0199', '4175550199']) {
      expect(planDetailsErrors({ ...details, phone }).phone, phone).toBeUndefined();
    }
  });

  test('the preferred times keep their fixed values and name what we do: no evenings past 6 PM, no Sundays', () => {
    expect(PREFERRED_DAYS.map((d) => d.value)).toEqual(['weekdays', 'evenings', 'weekends']);
    expect(['', 'weekdays', 'evenings', 'weekends'].map(preferredDayLabel)).toEqual([
      'No preference',
      'Weekday mornings',
      'Weekday afternoons (until 6 PM)',
      'Saturdays',
    ]);
    expect(preferredDayLabel('2026-12-01')).toBe('2026-12-01');
  });
});
