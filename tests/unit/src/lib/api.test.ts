/**
 * requestJson (src/lib/api.ts): its refusals, and its answers sent early: a GET sent as the page
 * opens is taken once, by the same path with the same headers, and only while fresh; every other
 * call goes to the network.
 */
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { ApiError, requestJson, sendEarly, SENT_EARLY_FOR_MS } from '@/lib/api';

const TOKEN = { Authorization: 'Bearer owner-token' };
const OTHER = { Authorization: 'Bearer other-token' };

/** A fetch stand-in answering each call with `{ n }`, n counting the calls. */
function countingFetch() {
  let n = 0;
  const fetchMock = vi.fn(() => {
    n += 1;
    return Promise.resolve(Response.json({ n }));
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-12-01T14:00:00Z'));
});

afterEach(() => {
  // Leaves no answer sent early behind for the next case: anything older than the limit is dropped.
  vi.setSystemTime(Date.now() + SENT_EARLY_FOR_MS + 1);
  void requestJson('/api/none', { fallback: 'x' }).catch(() => undefined);
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('answers sent early', () => {
  test('the first read of the same path with the same token takes the early answer; the next one reads again', async () => {
    const fetchMock = countingFetch();
    sendEarly('/api/owner-visits?from=2026-12-01&to=2026-12-01', TOKEN);
    vi.setSystemTime(Date.now() + 2_000);
    const first = await requestJson<{ n: number }>('/api/owner-visits?from=2026-12-01&to=2026-12-01', {
      headers: TOKEN,
      fallback: 'Could not load',
    });
    expect(first).toEqual({ n: 1 });
    const second = await requestJson<{ n: number }>('/api/owner-visits?from=2026-12-01&to=2026-12-01', {
      headers: TOKEN,
      fallback: 'Could not load',
    });
    expect(second).toEqual({ n: 2 });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  test('another token or another path does not take it', async () => {
    const fetchMock = countingFetch();
    sendEarly('/api/owner-settings', TOKEN);
    expect(await requestJson('/api/owner-settings', { headers: OTHER, fallback: 'x' })).toEqual({ n: 2 });
    expect(await requestJson('/api/owner-visits', { headers: TOKEN, fallback: 'x' })).toEqual({ n: 3 });
    expect(await requestJson('/api/owner-settings', { headers: TOKEN, fallback: 'x' })).toEqual({ n: 1 });
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  test(`an answer not taken within ${SENT_EARLY_FOR_MS / 1000} s is dropped: a later read goes to the network`, async () => {
    const fetchMock = countingFetch();
    sendEarly('/api/owner-settings', TOKEN);
    vi.setSystemTime(Date.now() + SENT_EARLY_FOR_MS + 1);
    expect(await requestJson('/api/owner-settings', { headers: TOKEN, fallback: 'x' })).toEqual({ n: 2 });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  test('a POST never takes an early answer', async () => {
    countingFetch();
    sendEarly('/api/owner-settings', TOKEN);
    expect(
      await requestJson('/api/owner-settings', { method: 'POST', body: {}, headers: TOKEN, fallback: 'x' }),
    ).toEqual({ n: 2 });
  });
});

describe('refusals', () => {
  test("a refusal throws the function's reason, with the whole answer beside it (the owner's 409 and its visit)", async () => {
    const answer = { error: 'A visit that is done cannot be marked done.', visit: { id: 'v1', status: 'done' } };
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(Response.json(answer, { status: 409 }))),
    );
    const refused = await requestJson('/api/owner/visits/v1', { method: 'POST', body: {}, fallback: 'x' }).catch(
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(ApiError);
    expect(refused).toMatchObject({ status: 409, message: answer.error, answer });
  });

  test('an answer that is not JSON leaves the fallback and no answer', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(new Response('<html>Bad gateway</html>', { status: 502 }))),
    );
    const refused = await requestJson('/api/x', { fallback: 'Try again.' }).catch((error: unknown) => error);
    expect(refused).toMatchObject({ status: 502, message: 'Try again.', answer: null });
  });
});
