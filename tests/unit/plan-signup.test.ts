import { describe, expect, test } from 'vitest';
import { getPlan, planPricing } from '@/features/plans/plans';
import {
  EMPTY_FIELDS,
  INITIAL_SIGNUP,
  checkSignup,
  chosenPricing,
  signupReducer,
  type SignupFields,
} from '@/features/plans/signup';

const filled: SignupFields = {
  ...EMPTY_FIELDS,
  fullName: 'Dana Whitfield',
  email: 'dana@example.com',
  phone: '417-555-0199',
  address: '1200 E Battlefield Rd',
  city: 'Springfield',
  zip: '65804',
  agreeTerms: true,
};

describe('plan sign-up state (SPEC §4, §5)', () => {
  test('starts on the picker with annual chosen and Missouri filled in', () => {
    expect(INITIAL_SIGNUP).toMatchObject({ step: 'pick', period: 'annual', sending: 'idle', received: null });
    expect(INITIAL_SIGNUP.fields.state).toBe('MO');
  });

  test('a restored draft keeps its choice and fills in fields it lacks', () => {
    const state = signupReducer(INITIAL_SIGNUP, {
      type: 'restore',
      draft: { period: 'monthly', fields: { zip: '65804' } },
    });
    expect(state.period).toBe('monthly');
    expect(state.fields).toEqual({ ...EMPTY_FIELDS, zip: '65804' });
  });

  test('editing a field clears only its own message', () => {
    const invalid = signupReducer(INITIAL_SIGNUP, {
      type: 'invalid',
      errors: { fullName: 'Please enter your full name', zip: 'Please enter your ZIP code' },
    });
    const edited = signupReducer(invalid, { type: 'edit', name: 'fullName', value: 'Dana' });
    expect(edited.fields.fullName).toBe('Dana');
    expect(edited.errors).toEqual({ fullName: undefined, zip: 'Please enter your ZIP code' });
  });

  test('changing screens forgets a failed send; a received request is kept', () => {
    const failed = signupReducer(signupReducer(INITIAL_SIGNUP, { type: 'send' }), { type: 'failed' });
    expect(failed.sending).toBe('failed');
    expect(signupReducer(failed, { type: 'go', step: 'pick' })).toMatchObject({ step: 'pick', sending: 'idle' });
    const checked = checkSignup('lite', { period: 'quarterly', fields: filled });
    if (!('request' in checked)) throw new Error('expected a valid request');
    const received = signupReducer(failed, { type: 'received', request: checked.request });
    expect(received).toMatchObject({ sending: 'idle', received: { planType: 'lite', billingPeriod: 'quarterly' } });
  });

  test('checkSignup names the first missing field, or returns the request', () => {
    expect(checkSignup('full', { period: 'annual', fields: { ...filled, fullName: ' ' } })).toMatchObject({
      first: 'fullName',
      errors: { fullName: 'Please enter your full name' },
    });
    expect(checkSignup('full', { period: 'annual', fields: { ...filled, agreeTerms: false } })).toMatchObject({
      first: 'agreeTerms',
    });
    expect(checkSignup('full', { period: 'annual', fields: filled })).toEqual({
      request: { ...filled, planType: 'full', billingPeriod: 'annual' },
    });
  });

  test('the chosen price follows the billing period (Autopilot Full: $59, $177, $630)', () => {
    const options = planPricing(getPlan('full'));
    expect(chosenPricing(options, 'monthly').price).toBe(59);
    expect(chosenPricing(options, 'quarterly').price).toBe(177);
    expect(chosenPricing(options, 'annual').price).toBe(630);
  });
});
