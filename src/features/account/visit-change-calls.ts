/**
 * The calls of /visit (docs/product/visits.md#changing-a-visit): as the holder of an e-mail link (no
 * session) or as the signed-in customer, and one change's state (busy, then the refusal in words).
 */
import { useState } from 'react';
import { callApi } from '@/features/auth/api';
import type { VisitChangeAnswer, VisitChangeRequest } from '@/features/visits/changes';
import { ApiError, requestJson } from '@/lib/api';

export const CHANGE_FAILED = 'The visit could not be changed. Please try again.';

/** Which visit the page is for: a link, or the signed-in customer's visit. */
export type Reach = { t: string } | { id: string } | null;

export function reachOf(search: string): Reach {
  const params = new URLSearchParams(search);
  const t = params.get('t');
  if (t) return { t };
  const id = params.get('id');
  return id ? { id } : null;
}

/** A call as the link's holder (no session) or as the signed-in customer. */
export function call<T>(reach: NonNullable<Reach>, request: { method?: 'POST'; body?: unknown; fallback: string }) {
  if ('t' in reach) {
    const path =
      request.body === undefined ? `/api/visit-change?t=${encodeURIComponent(reach.t)}` : '/api/visit-change';
    return requestJson<T>(path, request);
  }
  const path =
    request.body === undefined ? `/api/visit-change?id=${encodeURIComponent(reach.id)}` : '/api/visit-change';
  return callApi<T>(path, request);
}

/** What the page does once a change is made: show the visit as it now is, and what was done. */
export type OnApplied = (answer: VisitChangeAnswer, message: string) => void;

/** One call's state: busy while it runs, then the refusal in words. */
export function useSend(reach: NonNullable<Reach>, onApplied: OnApplied) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  async function send(request: VisitChangeRequest, message: (answer: VisitChangeAnswer) => string) {
    setBusy(true);
    setError(null);
    try {
      const answer = await call<VisitChangeAnswer>(reach, {
        method: 'POST',
        body: { ...reach, ...request },
        fallback: CHANGE_FAILED,
      });
      onApplied(answer, message(answer));
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : CHANGE_FAILED);
    } finally {
      setBusy(false);
    }
  }
  return { busy, error, send };
}
