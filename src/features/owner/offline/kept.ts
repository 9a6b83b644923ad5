/**
 * What the desk keeps on this phone for a basement (docs/product/desk.md#offline-lists-and-changes):
 * the owner's last answer of each list it can show offline, and the changes waiting to be sent, in
 * IndexedDB (idb-keyval), each under the owner's user id. Nothing is kept for anyone else: the
 * desk names its user only once the owner API has answered it as the owner (`keepFor`), and
 * signing out deletes the whole store (`forgetKept`).
 */
import { clear, entries, get, promisifyRequest, set, update, type UseStore } from 'idb-keyval';
import type { OwnerSettings, OwnerVisit, OwnerVisitAnswer, OwnerVisitsAnswer } from '@/features/visits/owner-api';
import { businessToday } from '@/lib/dates';
import { DESK_DATABASE, deleteDeviceStores } from '@/lib/device-stores';
import { SETTINGS_PATH, visitPath } from '../owner-paths';

/** The database's one store. */
const STORE = 'kept';

/** A read kept for offline: the answer and when it came (an ISO instant). */
export interface KeptRead<T> {
  data: T;
  at: string;
}

/** A kept read older than this is not shown offline: a week-old list would mislead more than help. */
const KEPT_FOR_MS = 7 * 24 * 60 * 60 * 1000;

let store: UseStore | null = null;
let owner: string | null = null;

/**
 * idb-keyval's store, but one that lets go of its connection when the database is to be deleted
 * (a sign-out, on this page or another): else the deletion, and every later open, would wait for
 * the page to close.
 */
function openStore(): UseStore {
  const request = indexedDB.open(DESK_DATABASE);
  request.onupgradeneeded = () => request.result.createObjectStore(STORE);
  const database = promisifyRequest(request).then((db) => {
    db.onversionchange = () => {
      db.close();
      if (store === opening) store = null;
    };
    return db;
  });
  const opening: UseStore = (mode, callback) =>
    database.then((db) => callback(db.transaction(STORE, mode).objectStore(STORE)));
  return opening;
}

/** The store, opened at first use (no IndexedDB, or blocked: null, and nothing is kept). */
function opened(): UseStore | null {
  if (store) return store;
  try {
    store = openStore();
  } catch (error) {
    console.error('The desk cannot keep anything on this device:', error);
  }
  return store;
}

/** From now on, what the desk reads and queues is kept for `userId` (the owner, as the API answered); null stops it. */
export function keepFor(userId: string | null): void {
  owner = userId;
}

/** The owner the desk keeps for, or null. */
export function keptOwner(): string | null {
  return owner;
}

/** Whether `path` is one the desk shows offline: the settings, a list of visits, or one visit. */
export function keptPath(path: string): boolean {
  return (
    path === '/api/owner/settings' ||
    path.startsWith('/api/owner/visits?') ||
    /^\/api\/owner\/visits\/[^/?]+$/.test(path)
  );
}

/** Keeps `data` as the last answer of `path` for the owner; a failure to keep is logged, never thrown. */
export async function keepRead(path: string, data: unknown, now = new Date()): Promise<void> {
  const kept = opened();
  if (!owner || !kept || !keptPath(path)) return;
  try {
    await set(`read:${owner}:${path}`, { data, at: now.toISOString() } satisfies KeptRead<unknown>, kept);
  } catch (error) {
    console.error(`Could not keep ${path} on this device:`, error);
  }
}

/** The owner's last answer of `path`, if kept within the week, else null. */
export async function keptRead<T>(path: string, now = new Date()): Promise<KeptRead<T> | null> {
  const kept = opened();
  if (!owner || !kept || !keptPath(path)) return null;
  try {
    const read = await get<KeptRead<T>>(`read:${owner}:${path}`, kept);
    return read && now.getTime() - Date.parse(read.at) <= KEPT_FOR_MS ? read : null;
  } catch (error) {
    console.error(`Could not read ${path} kept on this device:`, error);
    return null;
  }
}

/** Reads the owner's list named `name` ('queue', 'refused'), empty when none is kept. */
export async function keptList<T>(name: string): Promise<T[]> {
  const kept = opened();
  if (!owner || !kept) return [];
  return (await get<T[]>(`${name}:${owner}`, kept)) ?? [];
}

/** Changes the owner's list named `name` in one transaction; resolves with it as stored. */
export async function changeKeptList<T>(name: string, change: (list: T[]) => T[]): Promise<T[]> {
  const kept = opened();
  if (!owner || !kept) throw new Error('Nothing can be kept on this device.');
  let after: T[] = [];
  await update<T[]>(
    `${name}:${owner}`,
    (list) => {
      after = change(list ?? []);
      return after;
    },
    kept,
  );
  return after;
}

/**
 * Deletes everything the desk kept on this device, for every user: what signing out does. Safe to
 * call from any page, without this module's store opened.
 */
export async function forgetKept(): Promise<void> {
  owner = null;
  const kept = store;
  store = null;
  // This page's own connection holds the deletion back until it closes: empty the store first.
  if (kept) await clear(kept).catch((error: unknown) => console.error('Could not empty the desk store:', error));
  await deleteDeviceStores();
}

/**
 * The owner's settings this phone kept for `userId`, or null (the desk then keeps nothing for
 * them). Their today is the server's when they were read today by the phone's clock, else the
 * phone's: a desk kept yesterday opens on today.
 */
export async function keptSettings(userId: string): Promise<OwnerSettings | null> {
  keepFor(userId);
  const kept = await keptRead<OwnerSettings>(SETTINGS_PATH);
  const today = businessToday();
  if (kept) return { ...kept.data, today: businessToday(new Date(kept.at)) === today ? kept.data.today : today };
  keepFor(null);
  return null;
}

/**
 * Visit `id` as this phone last read it (for a link to it opened offline): its own answer if kept,
 * else the newest kept list that holds it; null when neither does.
 */
export async function keptVisit(id: string, now = new Date()): Promise<OwnerVisit | null> {
  const own = await keptRead<OwnerVisitAnswer>(visitPath(id), now);
  if (own) return own.data.visit;
  const kept = opened();
  if (!owner || !kept) return null;
  const lists = (await entries<string, KeptRead<OwnerVisitsAnswer>>(kept)).filter(
    ([key, read]) =>
      key.startsWith(`read:${owner}:/api/owner/visits?`) && now.getTime() - Date.parse(read.at) <= KEPT_FOR_MS,
  );
  lists.sort(([, a], [, b]) => b.at.localeCompare(a.at));
  for (const [, read] of lists) {
    const visit = read.data.visits.find((candidate) => candidate.id === id);
    if (visit) return visit;
  }
  return null;
}
