import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  CONTACT_OUTBOX_KEY,
  CONTACT_OUTBOX_MAX_AGE_MS,
  keepContact,
  keptContacts,
  postContact,
  sendKeptContacts,
  type ContactOutcome,
  type ContactRequest,
} from '../../../../../src/features/leads/contact-outbox';

/** localStorage as the browser has it, in memory. */
class MemoryStorage implements Storage {
  private readonly items = new Map<string, string>();
  get length() {
    return this.items.size;
  }
  clear() {
    this.items.clear();
  }
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  key(index: number) {
    return [...this.items.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
}

const request = (key: string, name = 'Casey'): ContactRequest => ({
  key,
  body: JSON.stringify({ name, email: 'casey@example.com', phone: '417-555-0100', service: '', message: '' }),
});

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('kept contact requests (docs/product/leads.md#contact-form)', () => {
  it('keeps each request once, under its key, oldest first', () => {
    const storage = new MemoryStorage();
    keepContact(storage, request('a'));
    keepContact(storage, request('b', 'Bo'));
    keepContact(storage, request('a'));
    expect(keptContacts(storage).map((r) => r.key)).toEqual(['b', 'a']);
    expect(keptContacts(storage)[0]).toEqual(request('b', 'Bo'));
  });

  it('reads damaged storage as nothing kept, without throwing', () => {
    const storage = new MemoryStorage();
    storage.setItem(CONTACT_OUTBOX_KEY, '{not json');
    expect(keptContacts(storage)).toEqual([]);
    storage.setItem(CONTACT_OUTBOX_KEY, JSON.stringify([{ key: 1 }, 'x', { ...request('ok'), savedAt: 'now' }]));
    expect(keptContacts(storage).map((r) => r.key)).toEqual(['ok']);
  });

  it('sends each kept request: drops the stored and the refused, keeps the ones not reached', async () => {
    const storage = new MemoryStorage();
    const now = new Date('2026-11-26T12:00:00Z');
    for (const key of ['stored', 'down', 'refused']) keepContact(storage, request(key), now);
    const outcomes: Record<string, ContactOutcome> = {
      stored: { kind: 'stored' },
      down: { kind: 'failed' },
      refused: { kind: 'refused', problem: 'Please enter a valid email address' },
    };
    const post = vi.fn((r: ContactRequest) => Promise.resolve(outcomes[r.key]!));
    expect(await sendKeptContacts(storage, post, now)).toBe(1);
    expect(post.mock.calls.map(([r]) => r)).toEqual([request('stored'), request('down'), request('refused')]);
    expect(keptContacts(storage).map((r) => r.key)).toEqual(['down']);

    outcomes['down'] = { kind: 'stored' };
    expect(await sendKeptContacts(storage, post, now)).toBe(0);
    expect(storage.getItem(CONTACT_OUTBOX_KEY)).toBeNull();
  });

  it('gives up a request kept longer than 30 days, without sending it', async () => {
    const storage = new MemoryStorage();
    keepContact(storage, request('old'), new Date('2026-10-01T00:00:00Z'));
    keepContact(storage, request('recent'), new Date('2026-11-20T00:00:00Z'));
    const post = vi.fn((): Promise<ContactOutcome> => Promise.resolve({ kind: 'failed' }));
    const now = new Date(Date.parse('2026-10-01T00:00:00Z') + CONTACT_OUTBOX_MAX_AGE_MS + 1);
    expect(await sendKeptContacts(storage, post, now)).toBe(1);
    expect(post).toHaveBeenCalledExactlyOnceWith(request('recent'));
    expect(keptContacts(storage).map((r) => r.key)).toEqual(['recent']);
  });
});

describe('postContact', () => {
  const answer = (response: Response | Error) => {
    const fetch = vi.fn(() => (response instanceof Error ? Promise.reject(response) : Promise.resolve(response)));
    vi.stubGlobal('fetch', fetch);
    return fetch;
  };

  it('posts the body with its Idempotency-Key: a 202 is stored', async () => {
    const fetch = answer(new Response(JSON.stringify({ id: 'lead-1' }), { status: 202 }));
    expect(await postContact(request('k-1'))).toEqual({ kind: 'stored' });
    expect(fetch).toHaveBeenCalledWith('/api/contact', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Idempotency-Key': 'k-1' },
      body: request('k-1').body,
    });
  });

  it("a 400 is refused with the server's reason", async () => {
    answer(new Response(JSON.stringify({ error: 'Please enter a valid email address' }), { status: 400 }));
    expect(await postContact(request('k'))).toEqual({
      kind: 'refused',
      problem: 'Please enter a valid email address',
    });
    answer(new Response('<html>', { status: 400 }));
    expect(await postContact(request('k'))).toEqual({ kind: 'refused', problem: 'Please check the form.' });
  });

  it('a server failure, the rate limit or no network is not reached', async () => {
    answer(new Response(JSON.stringify({ error: 'down' }), { status: 500 }));
    expect(await postContact(request('k'))).toEqual({ kind: 'failed' });
    answer(new Response(JSON.stringify({ error: 'slow down' }), { status: 429 }));
    expect(await postContact(request('k'))).toEqual({ kind: 'failed' });
    answer(new TypeError('Failed to fetch'));
    expect(await postContact(request('k'))).toEqual({ kind: 'failed' });
  });
});
