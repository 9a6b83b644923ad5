/**
 * Changes made on the desk without a connection (docs/product/desk.md#offline-lists-and-changes):
 * 'done' with its checklist, notes, a no-show and 'on my way' wait on this phone, in order, each
 * with the idempotency key it was given when made, and are sent when the connection returns (the
 * `online` event, and each time the desk opens). A refusal is kept beside its visit until the owner
 * dismisses it; nothing is dropped without a word. The lists on screen are read again after each
 * round that sent or refused something (`$queueRound`).
 */
import { atom } from 'nanostores';
import { callApi } from '@/features/auth/api';
import { KEY_BUSY_MESSAGE } from '@/features/visits/action-keys';
import type { VisitActionRequest } from '@/features/visits/owner-api';
import { ApiError, idempotencyKey } from '@/lib/api';
import { ACTION_FAILED } from '../owner-calls';
import { visitPath } from '../owner-paths';
import { changeKeptList, forgetKept, keptList, keptOwner } from './kept';

/** A change waiting to be sent. */
export interface WaitingChange {
  /** Its Idempotency-Key: the server acts on it once, however often it is sent. */
  key: string;
  visitId: string;
  request: VisitActionRequest;
  /** When it was made (an ISO instant). */
  at: string;
}

/** A change the server refused when it was sent: shown on its visit until dismissed. */
export interface RefusedChange {
  key: string;
  visitId: string;
  /** The change in words ('Done'). */
  what: string;
  /** The server's reason. */
  reason: string;
}

/** The actions that wait for a connection; every other needs one at once. */
const WAITING_ACTIONS = new Set<VisitActionRequest['action']>(['done', 'notes', 'no-show', 'on-my-way']);

/** The actions that reach the card provider: refused offline in their own words. */
const PROVIDER_ACTIONS = new Set<VisitActionRequest['action']>(['cancel', 'charge', 'cancel-charge', 'refund-extras']);

/** An 'on my way' older than this is not sent: the customer would be told of a drive long over. */
export const ON_MY_WAY_FRESH_MS = 30 * 60 * 1000;

export const ON_MY_WAY_STALE = 'It waited more than 30 minutes for a connection, so it was not texted.';
export const NEEDS_CONNECTION = 'No connection: this change needs one. Try again when you have signal.';
export const NEEDS_PROVIDER =
  'No connection: refunds and charges need the card provider. Try again when you have signal.';

/** The words for a waiting change. */
export function changeWords(request: VisitActionRequest): string {
  switch (request.action) {
    case 'done':
      return 'Done';
    case 'notes':
      return 'Notes';
    case 'no-show':
      return 'No-show';
    case 'on-my-way':
      return 'On my way';
    default:
      return request.action;
  }
}

/** Whether `request` may wait for a connection. */
export function waits(request: VisitActionRequest): boolean {
  return WAITING_ACTIONS.has(request.action);
}

/** What to say when `request` failed for want of a connection and cannot wait. */
export function offlineRefusal(request: VisitActionRequest): string {
  return PROVIDER_ACTIONS.has(request.action) ? NEEDS_PROVIDER : NEEDS_CONNECTION;
}

/** Whether a call failed for want of a connection (no answer at all), not for the server's reason. */
export function noConnection(error: unknown): boolean {
  return error instanceof ApiError && error.status === 0;
}

export const $waiting = atom<readonly WaitingChange[]>([]);
export const $refused = atom<readonly RefusedChange[]>([]);
/** Moves after each round of sending that sent or refused something: the lists are read again. */
export const $queueRound = atom(0);

/** Reads the owner's kept queue into the stores (after `keepFor`). */
export async function loadQueue(): Promise<void> {
  const [waiting, refused] = await Promise.all([keptList<WaitingChange>('queue'), keptList<RefusedChange>('refused')]);
  $waiting.set(waiting);
  $refused.set(refused);
}

/** Puts a change in the queue, then tries to send the queue (a blip may already be over). */
export async function queueChange(visitId: string, request: VisitActionRequest, now = new Date()): Promise<void> {
  const change: WaitingChange = {
    key: idempotencyKey(),
    visitId,
    request,
    at: now.toISOString(),
  };
  $waiting.set(await changeKeptList<WaitingChange>('queue', (list) => [...list, change]));
  void sendWaiting();
}

/** Forgets a refusal the owner has read. */
export async function dismissRefused(key: string): Promise<void> {
  $refused.set(await changeKeptList<RefusedChange>('refused', (list) => list.filter((item) => item.key !== key)));
}

let sending: Promise<void> | null = null;

/** Sends the waiting changes in order, once at a time; stops at the first that finds no connection. */
export function sendWaiting(now: () => Date = () => new Date()): Promise<void> {
  sending ??= sendRound(now).finally(() => (sending = null));
  return sending;
}

async function sendRound(now: () => Date): Promise<void> {
  const owner = keptOwner();
  let settled = 0;
  try {
    for (;;) {
      // Read again each time: a change may have been queued meanwhile, or the owner signed out.
      if (keptOwner() !== owner || !owner) return;
      const [next] = await keptList<WaitingChange>('queue');
      if (!next) return;
      const outcome = await send(next, now());
      if (outcome.kind === 'wait') return;
      if (outcome.kind === 'refused') {
        const refused: RefusedChange = {
          key: next.key,
          visitId: next.visitId,
          what: changeWords(next.request),
          reason: outcome.reason,
        };
        $refused.set(await changeKeptList<RefusedChange>('refused', (list) => [...list, refused]));
      }
      $waiting.set(
        await changeKeptList<WaitingChange>('queue', (list) => list.filter((item) => item.key !== next.key)),
      );
      settled += 1;
    }
  } catch (error) {
    console.error('The waiting changes could not be sent:', error);
  } finally {
    if (settled > 0) $queueRound.set($queueRound.get() + 1);
  }
}

/** What became of one change sent: the server has it, refused it (in words), or it waits for the next round. */
type Outcome = { kind: 'sent' } | { kind: 'refused'; reason: string } | { kind: 'wait' };

async function send(change: WaitingChange, now: Date): Promise<Outcome> {
  if (change.request.action === 'on-my-way' && now.getTime() - Date.parse(change.at) > ON_MY_WAY_FRESH_MS) {
    return { kind: 'refused', reason: ON_MY_WAY_STALE };
  }
  try {
    await callApi(visitPath(change.visitId), {
      method: 'POST',
      body: change.request,
      headers: { 'Idempotency-Key': change.key },
      fallback: ACTION_FAILED,
    });
    return { kind: 'sent' };
  } catch (error) {
    // No connection, a server fault, a session to renew or the same key still being answered: the
    // change waits for the next round.
    if (
      !(error instanceof ApiError) ||
      error.status === 0 ||
      error.status === 401 ||
      error.status >= 500 ||
      (error.status === 409 && error.message === KEY_BUSY_MESSAGE)
    ) {
      console.error('A waiting change was not sent yet:', error);
      return { kind: 'wait' };
    }
    return { kind: 'refused', reason: error.message };
  }
}

let listening = false;

/** Loads the owner's queue and sends it, now and each time the connection returns. */
export function startSending(): void {
  void loadQueue().then(() => sendWaiting());
  if (listening) return;
  listening = true;
  window.addEventListener('online', () => void sendWaiting());
}

/** The words asking whether to sign out while `count` changes still wait. */
export function unsentWarning(count: number): string {
  return `${count === 1 ? '1 change' : `${count} changes`} made without a connection ${count === 1 ? 'has' : 'have'} not been sent. Sign out and lose ${count === 1 ? 'it' : 'them'}?`;
}

/** Forgets everything the desk kept on this phone, the waiting changes too: signing out. */
export async function forgetDesk(): Promise<void> {
  $waiting.set([]);
  $refused.set([]);
  await forgetKept();
}
