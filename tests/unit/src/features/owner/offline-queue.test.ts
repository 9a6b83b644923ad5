/**
 * The desk's offline store and queue (src/features/owner/offline/kept.ts, queue.ts;
 * docs/product/desk.md#offline-lists-and-changes), on an in-memory IndexedDB, with the owner API's
 * client replaced: what is kept and for whom, and how waiting changes are sent, refused or kept.
 */
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { callApi } from '@/features/auth/api';
import { forgetKept, keepFor, keepRead, keptRead } from '@/features/owner/offline/kept';
import {
  $queueRound,
  $refused,
  $waiting,
  dismissRefused,
  forgetDesk,
  loadQueue,
  NEEDS_CONNECTION,
  NEEDS_PROVIDER,
  offlineRefusal,
  ON_MY_WAY_STALE,
  queueChange,
  sendWaiting,
  unsentWarning,
  waits,
} from '@/features/owner/offline/queue';
import { KEY_BUSY_MESSAGE } from '@/features/visits/action-keys';
import { ApiError } from '@/lib/api';

vi.mock('@/features/auth/api', () => ({ callApi: vi.fn() }));
const api = vi.mocked(callApi);

const OFFLINE = new ApiError('The visit could not be changed. Please try again.', 0);
const T0 = new Date('2026-12-07T15:00:00Z');

/** The (path, action, key) of each call the queue made. */
function sent(): [string, string, string][] {
  return api.mock.calls.map(([path, request]) => [
    path,
    (request.body as { action: string }).action,
    (request.headers as Record<string, string>)['Idempotency-Key'] ?? '',
  ]);
}

beforeEach(() => {
  keepFor('owner-1');
  api.mockReset();
});

afterEach(async () => {
  await forgetDesk();
});

describe('lists kept for offline', () => {
  test("the owner's last answer of a list, with when it came; none for another user", async () => {
    const path = '/api/owner/visits?from=2026-12-07&to=2026-12-07';
    await keepRead(path, { visits: ['v1'] }, T0);
    expect(await keptRead(path, T0)).toEqual({ data: { visits: ['v1'] }, at: T0.toISOString() });
    keepFor('someone-else');
    expect(await keptRead(path, T0)).toBeNull();
  });

  test('nothing is kept before the server has said who the owner is', async () => {
    keepFor(null);
    await keepRead('/api/owner/settings', { visitsPerWindow: 4 }, T0);
    keepFor('owner-1');
    expect(await keptRead('/api/owner/settings', T0)).toBeNull();
  });

  test('only the settings, lists of visits and single visits are kept; a week-old list is not shown', async () => {
    await keepRead('/api/owner/leads', { leads: [] }, T0);
    expect(await keptRead('/api/owner/leads', T0)).toBeNull();
    await keepRead('/api/owner/visits/v1', { visit: {} }, T0);
    const eightDaysOn = new Date(T0.getTime() + 8 * 24 * 60 * 60 * 1000);
    expect(await keptRead('/api/owner/visits/v1', T0)).not.toBeNull();
    expect(await keptRead('/api/owner/visits/v1', eightDaysOn)).toBeNull();
  });

  test('signing out forgets it', async () => {
    await keepRead('/api/owner/settings', { visitsPerWindow: 4 }, T0);
    await forgetKept();
    keepFor('owner-1');
    expect(await keptRead('/api/owner/settings', T0)).toBeNull();
  });
});

describe('changes made without a connection', () => {
  test('done, notes, a no-show and on my way wait; anything else is refused in words', () => {
    expect(waits({ action: 'done' })).toBe(true);
    expect(waits({ action: 'notes', techNotes: 'Attic hatch sticks' })).toBe(true);
    expect(waits({ action: 'no-show' })).toBe(true);
    expect(waits({ action: 'on-my-way', minutes: 15 })).toBe(true);
    expect(waits({ action: 'cancel', refund: true })).toBe(false);
    expect(offlineRefusal({ action: 'cancel', refund: true })).toBe(NEEDS_PROVIDER);
    expect(offlineRefusal({ action: 'refund-extras' })).toBe(NEEDS_PROVIDER);
    expect(offlineRefusal({ action: 'reschedule', date: '2026-12-09', window: 'morning' })).toBe(NEEDS_CONNECTION);
  });

  test('sent in the order made, each with its own key, then the lists are read again', async () => {
    api.mockRejectedValue(OFFLINE);
    await queueChange('v1', { action: 'done', checklist: ['filter'] }, T0);
    await queueChange('v2', { action: 'no-show' }, T0);
    await sendWaiting();
    expect($waiting.get().map((change) => change.visitId)).toEqual(['v1', 'v2']);
    const round = $queueRound.get();

    api.mockReset();
    api.mockResolvedValue({ visit: {} });
    await sendWaiting(() => T0);
    expect(sent().map(([path, action]) => [path, action])).toEqual([
      ['/api/owner/visits/v1', 'done'],
      ['/api/owner/visits/v2', 'no-show'],
    ]);
    const [first, second] = sent().map(([, , key]) => key);
    expect(first).toMatch(/^[0-9a-f-]{36}$/);
    expect(second).not.toBe(first);
    expect($waiting.get()).toEqual([]);
    expect($queueRound.get()).toBe(round + 1);
  });

  test('a change sent again after no answer carries the same key, so the server acts once', async () => {
    await queueChange('v1', { action: 'done' }, T0);
    api.mockRejectedValueOnce(OFFLINE).mockResolvedValueOnce({ visit: {} });
    await sendWaiting(() => T0);
    await sendWaiting(() => T0);
    const [firstTry, secondTry] = sent();
    expect(secondTry).toEqual(firstTry);
    expect($waiting.get()).toEqual([]);
  });

  test.each([
    ['no connection', OFFLINE],
    ['a server fault', new ApiError('Server error', 503)],
    ['a session to renew', new ApiError('Sign in again', 401)],
    ['the same key still being answered', new ApiError(KEY_BUSY_MESSAGE, 409)],
  ])('%s: the change and those after it wait, in order', async (_, failure) => {
    api.mockRejectedValue(failure);
    await queueChange('v1', { action: 'done' }, T0);
    await queueChange('v2', { action: 'notes', techNotes: 'Gate code 1234' }, T0);
    await sendWaiting(() => T0);
    // Each round tried the first change only.
    expect(sent().map(([path]) => path)).toEqual(Array(sent().length).fill('/api/owner/visits/v1'));
    expect($waiting.get().map((change) => change.visitId)).toEqual(['v1', 'v2']);
    expect($refused.get()).toEqual([]);
  });

  test('a refusal is kept on its visit with the reason until dismissed, and the next change still goes', async () => {
    api.mockRejectedValue(OFFLINE);
    await queueChange('v1', { action: 'done' }, T0);
    await queueChange('v2', { action: 'no-show' }, T0);
    api.mockReset();
    api.mockRejectedValueOnce(new ApiError('This visit was cancelled.', 409)).mockResolvedValueOnce({ visit: {} });
    await sendWaiting(() => T0);
    expect($waiting.get()).toEqual([]);
    expect($refused.get()).toEqual([
      expect.objectContaining({ visitId: 'v1', what: 'Done', reason: 'This visit was cancelled.' }),
    ]);
    // Kept on the phone: the desk opened again shows it.
    $refused.set([]);
    await loadQueue();
    expect($refused.get()).toHaveLength(1);
    await dismissRefused($refused.get()[0]!.key);
    expect($refused.get()).toEqual([]);
    await loadQueue();
    expect($refused.get()).toEqual([]);
  });

  test("an 'on my way' that waited more than 30 minutes is not texted, and says so", async () => {
    api.mockRejectedValue(OFFLINE);
    await queueChange('v1', { action: 'on-my-way', minutes: 20 }, T0);
    api.mockReset();
    api.mockResolvedValue({ visit: {} });
    await sendWaiting(() => new Date(T0.getTime() + 31 * 60 * 1000));
    expect(api).not.toHaveBeenCalled();
    expect($refused.get()).toEqual([expect.objectContaining({ what: 'On my way', reason: ON_MY_WAY_STALE })]);
  });

  test('signing out asks before it loses waiting changes, and forgets them', async () => {
    expect(unsentWarning(1)).toBe('1 change made without a connection has not been sent. Sign out and lose it?');
    expect(unsentWarning(2)).toBe('2 changes made without a connection have not been sent. Sign out and lose them?');
    api.mockRejectedValue(OFFLINE);
    await queueChange('v1', { action: 'done' }, T0);
    await forgetDesk();
    keepFor('owner-1');
    await loadQueue();
    expect($waiting.get()).toEqual([]);
  });
});
