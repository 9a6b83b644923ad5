/**
 * Contact requests not yet stored (docs/product/leads.md#contact-form): when /api/contact cannot be
 * reached or fails, the request is kept in this browser (localStorage) with its Idempotency-Key and
 * sent again, a few times while the page is open, when the browser comes back online and whenever
 * the contact form starts again, until it is stored; the key makes a request that did arrive after
 * all store one lead. A request the server refuses (400) is not kept: the form shows why instead.
 */
import { ApiError, requestJson, type StoredAnswer } from '@/lib/api';

/** The localStorage key of the kept requests. */
export const CONTACT_OUTBOX_KEY = 'shm-contact-outbox';

/** A kept request is given up after this long (the request is then older than anyone would act on). */
export const CONTACT_OUTBOX_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;

/** The waits between the tries made while the page stays open. */
export const CONTACT_RETRY_DELAYS_MS: readonly number[] = [5_000, 15_000, 60_000, 300_000];

/** A contact request as it is posted: its JSON body and its Idempotency-Key. */
export interface ContactRequest {
  key: string;
  body: string;
}

interface Kept extends ContactRequest {
  /** When it was first tried (ISO). */
  savedAt: string;
}

/** What a try came to: stored, refused with the server's reason, or not reached (kept for later). */
export type ContactOutcome = { kind: 'stored' } | { kind: 'refused'; problem: string } | { kind: 'failed' };

/** Posts one request to /api/contact. */
export async function postContact(request: ContactRequest): Promise<ContactOutcome> {
  let body: unknown;
  try {
    body = JSON.parse(request.body);
  } catch {
    // Not what this module keeps (storage edited by hand): nothing sent again can store it.
    return { kind: 'refused', problem: 'Please check the form.' };
  }
  try {
    await requestJson<StoredAnswer>('/api/contact', {
      method: 'POST',
      headers: { 'Idempotency-Key': request.key },
      body,
      fallback: 'Please check the form.',
    });
    return { kind: 'stored' };
  } catch (error) {
    if (error instanceof ApiError && error.status === 400) return { kind: 'refused', problem: error.message };
    console.error('Contact request not stored:', error);
    return { kind: 'failed' };
  }
}

function read(storage: Storage): Kept[] {
  try {
    const kept: unknown = JSON.parse(storage.getItem(CONTACT_OUTBOX_KEY) ?? '[]');
    if (!Array.isArray(kept)) return [];
    return kept.filter(
      (item: unknown): item is Kept =>
        typeof item === 'object' &&
        item !== null &&
        'key' in item &&
        typeof item.key === 'string' &&
        'body' in item &&
        typeof item.body === 'string' &&
        'savedAt' in item &&
        typeof item.savedAt === 'string',
    );
  } catch {
    return [];
  }
}

function write(storage: Storage, kept: readonly Kept[]): void {
  try {
    if (kept.length === 0) storage.removeItem(CONTACT_OUTBOX_KEY);
    else storage.setItem(CONTACT_OUTBOX_KEY, JSON.stringify(kept));
  } catch (error) {
    // Storage full or blocked: the request lives on only in this page's retries.
    console.error('Contact request not kept in this browser:', error);
  }
}

/** Keeps a request to send again (once per key). */
export function keepContact(storage: Storage, request: ContactRequest, now: Date = new Date()): void {
  const kept = read(storage).filter((item) => item.key !== request.key);
  write(storage, [...kept, { ...request, savedAt: now.toISOString() }]);
}

/** The requests kept in this browser, oldest first. */
export function keptContacts(storage: Storage): ContactRequest[] {
  return read(storage).map(({ key, body }) => ({ key, body }));
}

/**
 * Sends every kept request, one after the other; drops the ones stored, refused (nothing sent again
 * can change a refusal) or too old, and keeps the rest. Resolves with how many are still kept.
 */
export async function sendKeptContacts(
  storage: Storage,
  post: (request: ContactRequest) => Promise<ContactOutcome> = postContact,
  now: Date = new Date(),
): Promise<number> {
  let left = 0;
  for (const item of read(storage)) {
    const drop = () =>
      write(
        storage,
        read(storage).filter((other) => other.key !== item.key),
      );
    if (now.getTime() - Date.parse(item.savedAt) > CONTACT_OUTBOX_MAX_AGE_MS) {
      console.error('Contact request given up, too old:', item.savedAt);
      drop();
      continue;
    }
    const outcome = await post({ key: item.key, body: item.body });
    if (outcome.kind === 'failed') {
      left += 1;
      continue;
    }
    if (outcome.kind === 'refused') console.error('Contact request refused:', outcome.problem);
    drop();
  }
  return left;
}

/** This browser's localStorage, or null where it is blocked. */
export function browserStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

let listening = false;
let attempt = 0;
let timer: ReturnType<typeof setTimeout> | undefined;
let sending = false;

async function retry(storage: Storage): Promise<void> {
  if (sending) return;
  sending = true;
  clearTimeout(timer);
  const left = await sendKeptContacts(storage).finally(() => {
    sending = false;
  });
  const delay = CONTACT_RETRY_DELAYS_MS[attempt];
  if (left > 0 && delay !== undefined) {
    attempt += 1;
    timer = setTimeout(() => void retry(storage), delay);
  }
}

/**
 * Sends the kept requests (at once, or after the first wait when one has just failed), again after
 * each of CONTACT_RETRY_DELAYS_MS while some are left, and whenever the browser comes back online.
 */
export function retryKeptContacts(storage: Storage, { now }: { now: boolean }): void {
  attempt = 0;
  if (!listening) {
    listening = true;
    window.addEventListener('online', () => void retry(storage));
  }
  clearTimeout(timer);
  if (now) void retry(storage);
  else timer = setTimeout(() => void retry(storage), CONTACT_RETRY_DELAYS_MS[attempt++]);
}
