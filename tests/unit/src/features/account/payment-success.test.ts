import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ORDER_WATCH_MS, PROCESSING_DELAY_MS, processingLeftMs, watchOrder } from '@/features/account/payment-success';
import type { Purchase } from '@/features/account/order-answer';

// A signed-in customer: the API client reads this token (features/auth/api.ts).
vi.mock('@/features/auth/store', () => ({
  earlyAccessToken: () => null,
  currentAccessToken: () => Promise.resolve('token'),
  signOutHere: async () => {},
}));

const PURCHASE: Purchase = {
  description: 'Air Filter Replacement (Premium filter)',
  amountCents: 3000,
  currency: 'usd',
  address: '1234 W Sunshine St, Springfield, MO 65807',
  requested: 'Saturday, November 28, 2026, Saturday (9 AM-4 PM)',
};

/** /api/order answering `statuses` in turn (the last one from then on). */
function answering(statuses: string[]) {
  let call = 0;
  const fetch = vi.fn(() => {
    const status = statuses[Math.min(call, statuses.length - 1)];
    call += 1;
    return Promise.resolve(
      new Response(JSON.stringify({ orderNumber: 'ORD-E5F6G7H8', status, secondPlan: null, purchase: PURCHASE })),
    );
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

describe('processingLeftMs (docs/product/checkout.md#payment-success)', () => {
  it('counts the 2 seconds from the navigation start, not from when the script runs', () => {
    expect(PROCESSING_DELAY_MS).toBe(2000);
    expect(processingLeftMs(0)).toBe(2000);
    expect(processingLeftMs(350)).toBe(1650);
    expect(processingLeftMs(1999.5)).toBe(0.5);
  });

  it('is 0, never below, for a script that runs 2 seconds or more after the navigation started', () => {
    expect(processingLeftMs(2000)).toBe(0);
    expect(processingLeftMs(4500)).toBe(0);
  });
});

describe('watchOrder (docs/product/checkout.md#payment-success)', () => {
  // watchOrder loads the API client when it starts; loaded here first, so the fake clock below
  // only ever waits on the order's own timers.
  beforeAll(async () => {
    await Promise.all([import('@/features/auth/api'), import('@/lib/api')]);
  });
  beforeEach(() => {
    vi.useFakeTimers();
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('shows what was bought once the card provider has reported the payment, not while it is pending', async () => {
    const fetch = answering(['pending', 'pending', 'paid']);
    const onPurchase = vi.fn();
    const done = watchOrder('cs_test_a1b2c3d4e5f6g7h8', () => {}, onPurchase);
    await vi.advanceTimersByTimeAsync(1500);
    expect(onPurchase).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1000);
    await done;
    expect(fetch).toHaveBeenCalledTimes(3);
    expect(onPurchase).toHaveBeenCalledExactlyOnceWith(PURCHASE);
  });

  it('never shows a purchase for a checkout left unpaid or expired', async () => {
    answering(['pending', 'expired']);
    const onPurchase = vi.fn();
    const done = watchOrder('cs_test_a1b2c3d4e5f6g7h8', () => {}, onPurchase);
    await vi.advanceTimersByTimeAsync(ORDER_WATCH_MS + 2000);
    await done;
    expect(onPurchase).not.toHaveBeenCalled();

    answering(['pending']);
    const stillPending = watchOrder('cs_test_a1b2c3d4e5f6g7h8', () => {}, onPurchase);
    await vi.advanceTimersByTimeAsync(ORDER_WATCH_MS + 2000);
    await stillPending;
    expect(onPurchase).not.toHaveBeenCalled();
  });
});
