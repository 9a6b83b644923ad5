/**
 * The desk's calls to the owner API (docs/product/desk.md#owner-api), each through callApi, so each
 * carries the owner's session and a 401 signs this device out; a refusal reaches the desk as the
 * server's words.
 */
import { callApi } from '@/features/auth/api';
import type {
  ClosedDaysAnswer,
  OwnerSettings,
  OwnerVisitAnswer,
  ProposeDayAnswer,
  VisitActionRequest,
} from '@/features/visits/owner-api';
import { ApiError } from '@/lib/api';
import { SETTINGS_PATH, visitPath } from './owner-paths';

/** Shown when a read fails without a reason of the server's. */
export const LOAD_FAILED = 'The desk could not be loaded.';
/** Shown when an action fails without a reason of the server's. */
export const ACTION_FAILED = 'The visit could not be changed. Please try again.';
/** Shown when a change of the closed days or the capacity fails without a reason of the server's. */
export const SAVE_FAILED = 'That could not be saved. Please try again.';

/** The words to show for a failed call: the server's reason, else `fallback`. */
export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError ? error.message : fallback;
}

/** Applies one action to a visit; resolves with the visit as it is afterwards. */
export async function sendAction(id: string, request: VisitActionRequest): Promise<OwnerVisitAnswer['visit']> {
  const answer = await callApi<OwnerVisitAnswer>(visitPath(id), {
    method: 'POST',
    body: request,
    fallback: ACTION_FAILED,
  });
  return answer.visit;
}

/**
 * Proposes a start for each requested visit of `date` without one and e-mails each customer
 * (docs/product/desk.md#owner-api); with `preview`, only answers the starts it would propose.
 */
export function proposeDay(date: string, preview: boolean): Promise<ProposeDayAnswer> {
  return callApi<ProposeDayAnswer>('/api/owner/visits/propose-day', {
    method: 'POST',
    body: preview ? { date, preview: true } : { date },
    fallback: preview ? LOAD_FAILED : SAVE_FAILED,
  });
}

/** Closes a day; resolves with the closed days as they now are. */
export function closeDay(date: string, reason: string): Promise<ClosedDaysAnswer> {
  return callApi<ClosedDaysAnswer>('/api/owner/closed-days', {
    method: 'POST',
    body: { date, reason },
    fallback: SAVE_FAILED,
  });
}

/** Opens a day the owner closed; resolves with the closed days as they now are. */
export function openDay(date: string): Promise<ClosedDaysAnswer> {
  return callApi<ClosedDaysAnswer>(`/api/owner/closed-days/${encodeURIComponent(date)}`, {
    method: 'DELETE',
    fallback: SAVE_FAILED,
  });
}

/** Sets how many visits a window takes; resolves with the settings as stored. */
export function saveCapacity(visitsPerWindow: number): Promise<OwnerSettings> {
  return callApi<OwnerSettings>(SETTINGS_PATH, {
    method: 'POST',
    body: { visitsPerWindow },
    fallback: SAVE_FAILED,
  });
}
