import { describe, expect, test } from 'vitest';
import type { AccountSummary } from '@/features/account/account-summary';
import {
  KEPT_SUMMARY_VERSION,
  keptSummaryText,
  readKeptSummary,
  type KeptAccount,
} from '@/features/account/kept-summary';

const summary: AccountSummary = {
  subscription: null,
  refundedPlans: [],
  planDetails: null,
  visits: [{ orderNumber: 'SHM-1001', description: 'Air Filter Replacement', when: 'Monday', address: null }],
  lastReport: null,
  orders: [
    {
      orderNumber: 'SHM-1001',
      description: 'Air Filter Replacement (Premium filter)',
      amountCents: 8900,
      currency: 'usd',
      paidAt: '2026-11-20T15:00:00Z',
      status: 'paid',
    },
  ],
};

const account: KeptAccount = {
  userId: 'user-1',
  user: {
    email: 'ann@example.com',
    email_confirmed_at: '2026-11-01T10:00:00Z',
    created_at: '2026-11-01T09:00:00Z',
    last_sign_in_at: '2026-11-20T14:00:00Z',
  },
  subscription: { subscribed: true, tier: 'full', endDate: '2027-02-01T00:00:00Z' },
  summary,
};

describe('readKeptSummary (docs/product/accounts.md#account-page)', () => {
  test('what was kept comes back for the same user', () => {
    expect(readKeptSummary(keptSummaryText(account), 'user-1')).toEqual(account);
    // A user who never confirmed nor signed in again has neither date.
    const fresh = { ...account, user: { email: 'ann@example.com', created_at: '2026-11-01T09:00:00Z' } };
    expect(readKeptSummary(keptSummaryText(fresh), 'user-1')).toEqual(fresh);
  });

  test("another user's summary is never read", () => {
    expect(readKeptSummary(keptSummaryText(account), 'user-2')).toBeNull();
    expect(readKeptSummary(keptSummaryText(account), null)).toBeNull();
  });

  test('nothing kept, or text that is not JSON, reads as nothing', () => {
    expect(readKeptSummary(null, 'user-1')).toBeNull();
    expect(readKeptSummary('', 'user-1')).toBeNull();
    expect(readKeptSummary('{"version":1,"userId":"user-1"', 'user-1')).toBeNull();
    expect(readKeptSummary('null', 'user-1')).toBeNull();
    expect(readKeptSummary('[]', 'user-1')).toBeNull();
  });

  test('an entry of another version or shape (an older site’s) is ignored', () => {
    const kept = JSON.parse(keptSummaryText(account)) as Record<string, unknown>;
    const variant = (change: Record<string, unknown>) => JSON.stringify({ ...kept, ...change });
    expect(readKeptSummary(variant({ version: undefined }), 'user-1')).toBeNull();
    expect(readKeptSummary(variant({ version: KEPT_SUMMARY_VERSION + 1 }), 'user-1')).toBeNull();
    // The first shape kept the orders alone, beside the user.
    expect(readKeptSummary(variant({ summary: undefined, orders: summary.orders }), 'user-1')).toBeNull();
    expect(readKeptSummary(variant({ summary: { ...summary, visits: undefined } }), 'user-1')).toBeNull();
    expect(readKeptSummary(variant({ summary: { ...summary, subscription: 'full' } }), 'user-1')).toBeNull();
    expect(readKeptSummary(variant({ user: { email: 'ann@example.com' } }), 'user-1')).toBeNull();
    expect(readKeptSummary(variant({ subscription: { subscribed: 'yes' } }), 'user-1')).toBeNull();
    expect(readKeptSummary(variant({ userId: 7 }), 'user-1')).toBeNull();
  });

  test('only what the page shows is kept: no token or other user fields', () => {
    const user = { ...account.user, id: 'user-1', app_metadata: { provider: 'email' }, access_token: 'secret' };
    const text = keptSummaryText({ ...account, user });
    expect(text).not.toContain('secret');
    expect(text).not.toContain('app_metadata');
    expect(Object.keys((JSON.parse(text) as { user: object }).user).sort()).toEqual([
      'created_at',
      'email',
      'email_confirmed_at',
      'last_sign_in_at',
    ]);
  });
});
