/**
 * Who may use the desk (docs/product/desk.md#owners-desk): the owner API's first answer, the
 * owner's settings. Without a connection, the settings this phone kept for the same user, if the
 * server ever said they are the owner (docs/product/desk.md#offline-lists-and-changes).
 */
import { callApi } from '@/features/auth/api';
import type { OwnerSettings } from '@/features/visits/owner-api';
import { ApiError } from '@/lib/api';
import { keepFor, keepRead, keptSettings } from './offline/kept';
import { noConnection } from './offline/queue';
import { registerDeskWorker } from './offline/register-worker';
import { errorMessage, LOAD_FAILED } from './owner-calls';
import { SETTINGS_PATH } from './owner-paths';

export type Access =
  | { state: 'owner'; settings: OwnerSettings }
  | { state: 'denied'; message: string }
  | { state: 'failed'; message: string };

/** Whether `userId` may use the desk, or 'signed-out' when a 401 has signed this device out. */
export async function readDeskAccess(userId: string): Promise<Access | 'signed-out'> {
  try {
    const settings = await callApi<OwnerSettings>(SETTINGS_PATH, { fallback: LOAD_FAILED });
    // The owner, as the server says: from now on the desk keeps its lists for this user, and its
    // page and files for a basement (docs/product/desk.md#owners-desk, 'Offline shell').
    keepFor(userId);
    registerDeskWorker();
    void keepRead(SETTINGS_PATH, settings);
    return { state: 'owner', settings };
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return 'signed-out';
    if (noConnection(error)) {
      const kept = await keptSettings(userId);
      if (kept) return { state: 'owner', settings: kept };
    }
    if (error instanceof ApiError && error.status === 403) return { state: 'denied', message: error.message };
    return { state: 'failed', message: errorMessage(error, LOAD_FAILED) };
  }
}
