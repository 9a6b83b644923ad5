/**
 * The browser's calls made for the signed-in customer (docs/product/accounts.md#session-checks): every one
 * carries the session's access token from the auth store, and a 401 (the session has ended
 * elsewhere: sign-out everywhere, a password reset) signs this device out, whichever call met it,
 * so the header shows 'Sign In' and /auth its form. JSON and the function's reason in words come
 * from lib/api.ts. A call made before the sign-in client has loaded carries the stored token when it
 * is still valid (store.ts earlyAccessToken); else the call loads the client and waits for its session.
 */
import {
  ApiError,
  requestFile,
  requestJson,
  sendEarly,
  type ApiFile,
  type ApiRequest,
  type PageAnswer,
} from '@/lib/api';

/** The message of docs/product/checkout.md#starting-a-checkout for a payment call that failed without a reason. */
export const CHECKOUT_FAILED = 'Error processing payment. Please try again.';

/** Nobody is signed in on this device: nothing was sent, and the caller offers to sign in. */
export class SignedOutError extends ApiError {
  constructor() {
    super('Please sign in first.', 401);
    this.name = 'SignedOutError';
  }
}

/**
 * Calls a function as the signed-in customer and resolves with its JSON answer; throws a
 * SignedOutError when nobody is signed in, else an ApiError with the function's reason (a 401
 * after signing this device out).
 */
export async function callApi<T>(path: string, request: ApiRequest): Promise<T> {
  const { currentAccessToken, earlyAccessToken, signOutHere } = await import('./store');
  const token = earlyAccessToken() ?? (await currentAccessToken());
  if (!token) throw new SignedOutError();
  try {
    return await requestJson<T>(path, {
      ...request,
      headers: { ...request.headers, Authorization: `Bearer ${token}` },
    });
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) await signOutHere();
    throw error;
  }
}

/**
 * Sends a GET with `token` now, for the callApi of the same path that takes its answer later (the
 * owner's desk's first reads, sent by its directive: docs/product/desk.md#owners-desk, "Loading").
 */
export function sendEarlyAs(token: string, path: string): void {
  sendEarly(path, { Authorization: `Bearer ${token}` });
}

/** As callApi, for an answer that is a file (the owner's CSV exports): resolves with its contents and name. */
export async function callApiFile(path: string, request: ApiRequest): Promise<ApiFile> {
  const { currentAccessToken, earlyAccessToken, signOutHere } = await import('./store');
  const token = earlyAccessToken() ?? (await currentAccessToken());
  if (!token) throw new SignedOutError();
  try {
    return await requestFile(path, { ...request, headers: { ...request.headers, Authorization: `Bearer ${token}` } });
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) await signOutHere();
    throw error;
  }
}

/**
 * Asks a function for a page of the card provider (a checkout, the billing portal) and opens it in
 * a new tab, or in this one when the browser blocks the tab (docs/product/checkout.md#starting-a-checkout);
 * resolves false when the answer held no address (nothing is opened), and throws as callApi does.
 */
export async function openProviderPage(path: string, body: unknown, fallback: string): Promise<boolean> {
  const answer = await callApi<PageAnswer>(path, { method: 'POST', body, fallback });
  if (!answer.url) return false;
  // Opened after the server answered, not at the tap: a blocker may refuse it (null). Without
  // 'noopener' the handle tells; the opener link is cut at once instead.
  const tab = window.open(answer.url, '_blank');
  if (tab) tab.opener = null;
  else window.location.assign(answer.url);
  return true;
}
