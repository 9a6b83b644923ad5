/**
 * The desk's ways of talking to the owner API (docs/product/desk.md#owners-desk): reading a path (again
 * whenever `version` moves, after an action), and sending a change (an action on a visit among
 * them) with a busy state, once at a time, keeping the server's reason to show beside the form; an
 * action refused with the visit as it now is hands that visit to its dialog.
 */
import { createContext, useContext, useEffect, useRef, useState } from 'react';
import { callApi } from '@/features/auth/api';
import type { OwnerVisitAnswer, VisitActionRequest } from '@/features/visits/owner-api';
import { ApiError } from '@/lib/api';
import { keepRead, keptOwner, keptRead } from './offline/kept';
import { noConnection, offlineRefusal, queueChange, waits } from './offline/queue';
import { ACTION_FAILED, errorMessage, LOAD_FAILED, sendAction } from './owner-calls';

/** What a read shows: its data (kept while the same path is read again), its error, whether it is loading. */
export interface OwnerRead<T> {
  data: T | null;
  error: string | null;
  loading: boolean;
  /** When the data shown was read, if it is what this phone kept because there is no connection (an ISO instant). */
  keptAt: string | null;
}

/** Reads asked for ahead of the component that shows them, each taken once by its first read. */
const early = new Map<string, Promise<unknown>>();

/**
 * Asks for `path` now, before anything shows it, so the wait overlaps another (the desk's Today,
 * asked for with the owner's settings: docs/product/desk.md#owners-desk, "Loading"). The first
 * `useOwnerGet` of the same path takes the answer instead of asking again; a path no read takes
 * is dropped by the next `readEarly`.
 */
export function readEarly(path: string): void {
  early.clear();
  const answer = callApi(path, { fallback: LOAD_FAILED });
  // Its failure is the taking read's to report, and nobody's when no read takes it.
  answer.catch(() => undefined);
  early.set(path, answer);
}

function takeEarly<T>(path: string): Promise<T> | undefined {
  const answer = early.get(path) as Promise<T> | undefined;
  early.delete(path);
  return answer;
}

/** Said when a read finds no connection and nothing of it kept on this phone. */
export const NOT_KEPT = 'Offline: this shows once the connection returns.';

function readFailure(error: unknown): string {
  return noConnection(error) ? NOT_KEPT : errorMessage(error, LOAD_FAILED);
}

/** Reads `path` as the owner, and again each time `version` changes. */
export function useOwnerGet<T>(path: string, version = 0): OwnerRead<T> {
  const key = `${path}#${version}`;
  const [result, setResult] = useState<{
    path: string;
    key: string;
    data: T | null;
    error: string | null;
    keptAt: string | null;
  }>();
  useEffect(() => {
    let current = true;
    (takeEarly<T>(path) ?? callApi<T>(path, { fallback: LOAD_FAILED })).then(
      (data) => {
        void keepRead(path, data);
        if (current) setResult({ path, key, data, error: null, keptAt: null });
      },
      async (error: unknown) => {
        console.error(`Owner read of ${path} failed:`, error);
        // No connection: what this phone kept of the list, said as such.
        const kept = noConnection(error) ? await keptRead<T>(path) : null;
        if (!current) return;
        if (kept) setResult({ path, key, data: kept.data, error: null, keptAt: kept.at });
        else setResult({ path, key, data: null, error: readFailure(error), keptAt: null });
      },
    );
    return () => {
      current = false;
    };
  }, [path, key]);
  const samePath = result?.path === path;
  return {
    data: samePath ? result.data : null,
    error: result?.key === key ? result.error : null,
    loading: result?.key !== key,
    keptAt: samePath ? result.keptAt : null,
  };
}

/** A change being sent: whether it is busy, the last refusal in words, and how to send one. */
export interface OwnerSend {
  busy: boolean;
  error: string | null;
  /** Runs `call` unless one is under way; resolves with its answer, or null when it failed (then `error` says why). */
  send: <T>(call: () => Promise<T>) => Promise<T | null>;
}

/** Sends one change at a time; `fallback` is shown when the server gives no reason. */
export function useOwnerSend(fallback: string): OwnerSend {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // A second press before React has drawn the busy button is ignored here too.
  const sending = useRef(false);
  async function send<T>(call: () => Promise<T>): Promise<T | null> {
    if (sending.current) return null;
    sending.current = true;
    setBusy(true);
    setError(null);
    try {
      return await call();
    } catch (failure) {
      console.error('Owner change failed:', failure);
      setError(errorMessage(failure, fallback));
      return null;
    } finally {
      sending.current = false;
      setBusy(false);
    }
  }
  return { busy, error, send };
}

/** Where an action refused for what the visit now is sends that visit and the reason: its dialog. */
export const VisitRefused = createContext<((visit: OwnerVisitAnswer['visit'], reason: string) => void) | null>(null);

/** Where an action made without a connection, now waiting to be sent, is told: its dialog. */
export const VisitQueued = createContext<((request: VisitActionRequest) => void) | null>(null);

/** The visit as it now is that an action's 409 carries (docs/product/desk.md#owner-api), or null. */
export function refusedVisit(error: unknown): OwnerVisitAnswer['visit'] | null {
  if (!(error instanceof ApiError) || error.status !== 409) return null;
  const visit = (error.answer as { visit?: unknown } | null)?.visit;
  return typeof visit === 'object' && visit !== null && typeof (visit as { id?: unknown }).id === 'string'
    ? (visit as OwnerVisitAnswer['visit'])
    : null;
}

/**
 * An action on one visit being sent: as useOwnerSend, calling `onApplied` with the visit as it now
 * is; a refusal that carries the visit (another press or device changed it first) also goes to
 * VisitRefused, so the dialog shows the visit as it stands.
 */
export function useVisitAction(
  id: string,
  onApplied: (request: VisitActionRequest, visit: OwnerVisitAnswer['visit']) => void,
) {
  const sender = useOwnerSend(ACTION_FAILED);
  const refused = useContext(VisitRefused);
  const queued = useContext(VisitQueued);
  async function act(request: VisitActionRequest): Promise<void> {
    const outcome = await sender.send(async () => {
      try {
        return { visit: await sendAction(id, request) };
      } catch (error) {
        if (noConnection(error)) {
          // Without a connection: the change waits on this phone, or is refused in its own words.
          if (!waits(request) || !keptOwner()) throw new ApiError(offlineRefusal(request), 0, {}, { cause: error });
          await queueChange(id, request);
          return { queued: true } as const;
        }
        const now = refusedVisit(error);
        if (now) refused?.(now, errorMessage(error, ACTION_FAILED));
        throw error;
      }
    });
    if (!outcome) return;
    if ('visit' in outcome) onApplied(request, outcome.visit);
    else queued?.(request);
  }
  return { busy: sender.busy, error: sender.error, act };
}
