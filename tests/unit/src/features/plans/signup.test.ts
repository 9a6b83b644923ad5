import { afterEach, describe, expect, test, vi } from 'vitest';
import { getPlan, planPricing } from '@/features/plans/plans';
import {
  EMPTY_FIELDS,
  checkSignup,
  chosenPricing,
  clearDraft,
  draftKey,
  loadDraft,
  saveDraft,
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

/** A sessionStorage of one tab, as the browser keeps it. */
function tabStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    key: (i) => [...items.keys()][i] ?? null,
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, String(value)),
    removeItem: (key) => void items.delete(key),
    clear: () => items.clear(),
  };
}

describe('plan sign-up rules (docs/product/plans.md#plan-sign-up-form)', () => {
  afterEach(() => vi.unstubAllGlobals());

  test('a fresh form is empty but for Missouri, with the terms not yet agreed', () => {
    expect(EMPTY_FIELDS).toMatchObject({ fullName: '', state: 'MO', preferredDay: '', agreeTerms: false });
  });

  test('checkSignup names the first field with a message, or returns the request to send', () => {
    expect(checkSignup('full', 'annual', { ...filled, fullName: ' ' })).toEqual({
      errors: { fullName: 'Please enter your full name' },
      first: 'fullName',
    });
    expect(checkSignup('full', 'annual', { ...filled, agreeTerms: false })).toMatchObject({ first: 'agreeTerms' });
    expect(checkSignup('lite', 'quarterly', filled)).toEqual({
      errors: {},
      request: { ...filled, planType: 'lite', billingPeriod: 'quarterly' },
    });
  });

  test('with the service area, a ZIP code outside it is refused beside the field (docs/product/site.md#service-area-check)', () => {
    const area = { zips: { [filled.zip]: 'Springfield' }, towns: ['Springfield'] };
    expect(checkSignup('lite', 'monthly', filled, area).request).toBeDefined();
    expect(checkSignup('lite', 'monthly', { ...filled, zip: '64101' }, area)).toEqual({
      errors: { zip: expect.stringMatching(/^This ZIP code is outside our 25-mile service area/) as unknown },
      first: 'zip',
    });
  });

  test('the chosen price follows the billing period (Autopilot Full: $59, $177, $630)', () => {
    const options = planPricing(getPlan('full'));
    expect(chosenPricing(options, 'monthly').price).toBe(59);
    expect(chosenPricing(options, 'quarterly').price).toBe(177);
    expect(chosenPricing(options, 'annual').price).toBe(630);
  });

  test('a draft is kept per plan in this tab until it is cleared', () => {
    vi.stubGlobal('sessionStorage', tabStorage());
    const draft = { period: 'monthly' as const, fields: { ...filled, zip: '65807' } };
    saveDraft(draftKey('lite'), draft);
    expect(loadDraft(draftKey('lite'))).toEqual(draft);
    expect(loadDraft(draftKey('full'))).toBeNull();
    clearDraft(draftKey('lite'));
    expect(loadDraft(draftKey('lite'))).toBeNull();
  });

  test('an unreadable draft or a blocked storage loses the draft, never the form', () => {
    const storage = tabStorage();
    storage.setItem(draftKey('full'), '{not json');
    vi.stubGlobal('sessionStorage', storage);
    expect(loadDraft(draftKey('full'))).toBeNull();
    const blocked = () => {
      throw new DOMException('The operation is insecure.', 'SecurityError');
    };
    vi.stubGlobal('sessionStorage', { getItem: blocked, setItem: blocked, removeItem: blocked });
    expect(loadDraft(draftKey('full'))).toBeNull();
    expect(() => saveDraft(draftKey('full'), { period: 'annual', fields: filled })).not.toThrow();
    expect(() => clearDraft(draftKey('full'))).not.toThrow();
  });
});
