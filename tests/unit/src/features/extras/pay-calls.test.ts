import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import type { PayAnswer, PayRequestStatus } from '@/features/extras/extras';
import {
  RECORD_WAITS_MS,
  payLinkOf,
  payPath,
  problemOf,
  readPay,
  startCheckout,
  watchRecorded,
} from '@/features/extras/pay-calls';
import { ALTERED_TEXT, EXPIRED_TEXT, LOAD_FAILED, PAY_FAILED } from '@/features/extras/pay-view';
import { ApiError } from '@/lib/api';

const LINK = { t: 'eyJwIjoicGF5In0.c2ln', sessionId: 'cs_test_a1b2c3' };

function answerWith(status: PayRequestStatus): PayAnswer {
  return {
    payRequest: {
      id: 'pr_1',
      orderNumber: 'ORD-A1B2C3D4',
      status,
      items: [{ id: 'led-a19', name: 'LED bulb, standard (A19)', unitCents: 800, qty: 3, amountCents: 2400 }],
      amountCents: 2400,
      tipCents: 0,
      note: null,
      createdAt: '2026-12-01T18:00:00.000Z',
      paidAt: status === 'paid' ? '2026-12-02T15:00:00.000Z' : null,
      refundedCents: 0,
    },
    visit: {
      service: 'Light Bulb Replacement',
      date: '2026-12-01',
      address: '1234 W Sunshine St, Springfield, MO 65807',
    },
    tips: [],
    tipMaxCents: 10_000,
  };
}

/** A read answering `steps` in turn: a status, or an error thrown. */
function reads(steps: (PayRequestStatus | Error)[]) {
  let call = 0;
  return vi.fn(() => {
    const step = steps[Math.min(call, steps.length - 1)] ?? 'unpaid';
    call += 1;
    return step instanceof Error ? Promise.reject(step) : Promise.resolve(answerWith(step));
  });
}

const total = (waits: readonly number[]) => waits.reduce((sum, ms) => sum + ms, 0);

describe('the link in the address (docs/product/extras.md#the-pay-link)', () => {
  test('the token, and the checkout the customer came back from', () => {
    expect(payLinkOf('?t=abc.def')).toEqual({ t: 'abc.def', sessionId: null });
    expect(payLinkOf('?t=abc.def&session_id=cs_test_1')).toEqual({ t: 'abc.def', sessionId: 'cs_test_1' });
    expect(payLinkOf('?session_id=cs_test_1')).toBeNull();
    expect(payLinkOf('?t=')).toBeNull();
  });

  test('the GET carries both, encoded', () => {
    expect(payPath({ t: 'a+b/c=', sessionId: null })).toBe('/api/pay?t=a%2Bb%2Fc%3D');
    expect(payPath({ t: 'abc', sessionId: 'cs_test_1' })).toBe('/api/pay?t=abc&session_id=cs_test_1');
  });
});

describe('a read refused (docs/product/extras.md#the-pay-link)', () => {
  const refusal = (status: number, answer: unknown) =>
    new ApiError(
      typeof answer === 'object' && answer && 'error' in answer ? String(answer.error) : LOAD_FAILED,
      status,
      {},
      { answer },
    );

  test("400 is an altered link, 410 an expired one, in the server's words", () => {
    expect(problemOf(refusal(400, { error: 'Changed link.' }))).toEqual({ kind: 'altered', message: 'Changed link.' });
    expect(problemOf(refusal(410, { error: 'Old link.', problem: 'expired' }))).toEqual({
      kind: 'expired',
      message: 'Old link.',
    });
  });

  test("the doc's words when the server gave none", () => {
    expect(problemOf(refusal(400, null))).toEqual({ kind: 'altered', message: ALTERED_TEXT });
    expect(problemOf(refusal(410, null))).toEqual({ kind: 'expired', message: EXPIRED_TEXT });
  });

  test('anything else is worth trying again', () => {
    expect(problemOf(refusal(500, null))).toEqual({ kind: 'failed', message: LOAD_FAILED });
    expect(problemOf(refusal(0, null))).toEqual({ kind: 'failed', message: LOAD_FAILED });
    expect(problemOf(new TypeError('boom'))).toEqual({ kind: 'failed', message: LOAD_FAILED });
  });
});

describe('back from the checkout: asking until the payment is recorded (docs/product/extras.md#paid)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  test('the waits grow, and come to about 30 seconds', () => {
    expect([...RECORD_WAITS_MS]).toEqual([...RECORD_WAITS_MS].sort((a, b) => a - b));
    expect(total(RECORD_WAITS_MS)).toBe(30_000);
  });

  test('stops at the first read that is no longer unpaid', async () => {
    const read = reads(['unpaid', 'unpaid', 'paid']);
    const watch = watchRecorded(LINK, read);
    await vi.advanceTimersByTimeAsync(RECORD_WAITS_MS[0] + RECORD_WAITS_MS[1] - 1);
    expect(read).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1);
    const result = await watch;
    expect(read).toHaveBeenCalledTimes(3);
    expect(result.recorded).toBe(true);
    expect(result.answer?.payRequest.status).toBe('paid');
    expect(read).toHaveBeenCalledWith(LINK);
  });

  test('a request withdrawn meanwhile ends the wait too', async () => {
    const result = await watchRecorded(LINK, reads(['cancelled']));
    expect(result).toMatchObject({ recorded: true, answer: { payRequest: { status: 'cancelled' } } });
  });

  test('gives up, still unpaid, once the waits have run out', async () => {
    const read = reads(['unpaid']);
    const watch = watchRecorded(LINK, read);
    await vi.advanceTimersByTimeAsync(total(RECORD_WAITS_MS));
    const result = await watch;
    expect(read).toHaveBeenCalledTimes(RECORD_WAITS_MS.length + 1);
    expect(result.recorded).toBe(false);
    expect(result.answer?.payRequest.status).toBe('unpaid');
  });

  test('a read that fails for a moment is asked again; the answer after it counts', async () => {
    const read = reads([new ApiError(LOAD_FAILED, 0), new ApiError(LOAD_FAILED, 502), 'paid']);
    const watch = watchRecorded(LINK, read);
    await vi.advanceTimersByTimeAsync(total(RECORD_WAITS_MS.slice(0, 2)));
    expect(await watch).toMatchObject({ recorded: true });
  });

  test('a link refused (400, 410) is not asked again', async () => {
    const expired = new ApiError(EXPIRED_TEXT, 410);
    const read = reads(['unpaid', expired]);
    const watch = watchRecorded(LINK, read);
    const outcome = expect(watch).rejects.toBe(expired);
    await vi.advanceTimersByTimeAsync(RECORD_WAITS_MS[0]);
    await outcome;
    expect(read).toHaveBeenCalledTimes(2);
  });

  test('stops asking once the page has gone', async () => {
    const controller = new AbortController();
    const read = reads(['unpaid']);
    const watch = watchRecorded(LINK, read, controller.signal);
    await vi.advanceTimersByTimeAsync(RECORD_WAITS_MS[0]);
    controller.abort();
    await vi.advanceTimersByTimeAsync(total(RECORD_WAITS_MS));
    expect(await watch).toMatchObject({ recorded: false });
    expect(read).toHaveBeenCalledTimes(2);
  });

  test('reads the link with the checkout, for the server to ask the card provider', async () => {
    const fetch = vi.fn(() => Promise.resolve(new Response(JSON.stringify(answerWith('paid')))));
    vi.stubGlobal('fetch', fetch);
    await readPay(LINK);
    expect(fetch).toHaveBeenCalledWith('/api/pay?t=eyJwIjoicGF5In0.c2ln&session_id=cs_test_a1b2c3', expect.anything());
  });
});

describe('Pay: opening the checkout (docs/product/extras.md#the-pay-link)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  test('sends the link and the tip, never an amount, and gives the checkout to open', async () => {
    const fetch = vi.fn((_path: string, _init?: RequestInit) =>
      Promise.resolve(new Response(JSON.stringify({ url: 'https://checkout.stripe.com/c/pay/cs_test_1' }))),
    );
    vi.stubGlobal('fetch', fetch);
    const url = await startCheckout(LINK, { kind: 'percent', percent: 15 });
    expect(url).toBe('https://checkout.stripe.com/c/pay/cs_test_1');
    const [path, init] = fetch.mock.calls[0] ?? [];
    expect(path).toBe('/api/pay');
    expect(init?.method).toBe('POST');
    expect(JSON.parse(init?.body as string)).toEqual({ t: LINK.t, tip: { kind: 'percent', percent: 15 } });
  });

  test("a refusal keeps the server's words and status (409 paid or withdrawn)", async () => {
    vi.stubGlobal('fetch', () =>
      Promise.resolve(new Response(JSON.stringify({ error: 'This pay request is already paid.' }), { status: 409 })),
    );
    await expect(startCheckout(LINK, { kind: 'none' })).rejects.toMatchObject({
      status: 409,
      message: 'This pay request is already paid.',
    });
  });

  test('an answer without a checkout is a failure to try again', async () => {
    vi.stubGlobal('fetch', () => Promise.resolve(new Response(JSON.stringify({}))));
    await expect(startCheckout(LINK, { kind: 'none' })).rejects.toMatchObject({ message: PAY_FAILED });
  });
});
