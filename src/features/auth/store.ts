/**
 * The auth state of docs/product/accounts.md#auth-state in nanostores, shared by every island: loading, then
 * signed in or out (the plans' subscription store follows it: plans/subscription.ts); a reset
 * link's session is flagged ($recovery, from the PASSWORD_RECOVERY event, and remembered in this
 * tab for as long as that session is the current one: recovery-tab.ts).
 * Exactly one supabase-js subscription feeds it; its callback stays synchronous (awaiting inside it
 * can deadlock supabase-js), so follow-up calls are deferred.
 */
import type { Session, User } from '@supabase/supabase-js';
import { atom, computed } from 'nanostores';
import { deleteDeviceStores } from '@/lib/device-stores';
import { getSupabase } from '@/lib/supabase';
import { CONFIRM_PATH } from './link';
import { authErrorMessage, thrownMessage, type AuthFailure } from './messages';
import { isRecoveryNoteOf, RECOVERY_KEY, recoveryNote } from './recovery-tab';
import { earlyTokenOf, hasStoredSession, KEPT_SUMMARY_KEY, sessionIdOf, storedSessionOf } from './session';
import { SIGNED_IN_EVENT } from './signed-in-event';

export interface AuthState {
  status: 'loading' | 'signed-in' | 'signed-out';
  user: User | null;
  session: Session | null;
}

/** Before the sign-in client has answered; also what every page's HTML is drawn with. */
export const AUTH_LOADING: AuthState = { status: 'loading', user: null, session: null };
export const $auth = atom<AuthState>(AUTH_LOADING);
/** Whether this browser held a session when the page opened (none on the server, or with storage blocked). */
function storedAtOpen(): boolean {
  if (typeof window === 'undefined') return false;
  try {
    return hasStoredSession(localStorage);
  } catch {
    return false;
  }
}

/**
 * Whose session this browser held when the page opened, with its session id (never the token), or
 * null: the account page shows that user's last known summary before supabase-js has loaded.
 */
export function storedUserAtOpen(): { userId: string; sessionId: string } | null {
  if (typeof window === 'undefined') return null;
  try {
    const stored = storedSessionOf(localStorage);
    return stored && { userId: stored.userId, sessionId: sessionIdOf(stored.accessToken) };
  } catch {
    return null;
  }
}

/** Removes what the account page kept for the signed-in user (docs/product/accounts.md#account-page). */
function forgetKeptSummary(): void {
  try {
    localStorage.removeItem(KEPT_SUMMARY_KEY);
  } catch {
    // Storage blocked: nothing was kept.
  }
}

/**
 * Signed in, as every part of the page shows it (docs/product/accounts.md#auth-state): what supabase-js
 * says once it has read the session, and until then whether a session is stored, so a returning
 * customer sees 'My Account' before supabase-js has loaded. The one reader of the stored session.
 */
export const $signedIn = computed(
  $auth,
  (state) => state.status === 'signed-in' || (state.status === 'loading' && storedAtOpen()),
);

/** Whether the session came from a password reset link (docs/product/accounts.md#password-reset). */
export const $recovery = atom(false);

/** This tab's sessionStorage, or null (on the server, or with storage blocked). */
function tabStorage(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}

/** Whether this tab holds a reset link's note (its session may have ended since: startAuth decides). */
export function hasRecoveryNote(): boolean {
  return tabStorage()?.getItem(RECOVERY_KEY) != null;
}

/** Notes in this tab that `session` came from a reset link. */
function rememberRecovery(session: Session): void {
  const note = recoveryNote(session);
  try {
    if (note) tabStorage()?.setItem(RECOVERY_KEY, note);
  } catch {
    // Storage full: only a reload loses the offer, as before.
  }
}

/** Forgets this tab's reset link: the password is set, or the session has ended. */
export function forgetRecovery(): void {
  tabStorage()?.removeItem(RECOVERY_KEY);
}

/** Whether `session` is the reset link's session this tab noted. */
function recalledRecovery(session: Session): boolean {
  return isRecoveryNoteOf(tabStorage()?.getItem(RECOVERY_KEY) ?? null, session);
}

/** A refusal to show: its message and, when the sign-in service gave one, its error code. */
export interface AuthProblem {
  message: string;
  code: string | null;
}

/** The problem to show for an error supabase-js answered with. */
export function problemOf(error: AuthFailure): AuthProblem {
  return { message: authErrorMessage(error), code: error.code ?? null };
}

/** The problem to show for something an auth call threw. */
export function thrownProblem(error: unknown): AuthProblem {
  return { message: thrownMessage(error), code: null };
}

let started: Promise<void> | undefined;

/** Starts listening to the auth server's session events; safe to call from every island. */
export function startAuth(): Promise<void> {
  started ??= (async () => {
    const supabase = await getSupabase();
    supabase.auth.onAuthStateChange((event, session) => {
      const wasSignedIn = $auth.get().status === 'signed-in';
      // Before $auth: the reset screen must never see a reset link's session as an ordinary one.
      if (event === 'SIGNED_OUT' || !session) {
        forgetKeptSummary();
        forgetRecovery();
        $recovery.set(false);
      } else if (event === 'PASSWORD_RECOVERY') {
        rememberRecovery(session);
        $recovery.set(true);
      } else {
        $recovery.set(recalledRecovery(session));
      }
      $auth.set({ status: session ? 'signed-in' : 'signed-out', user: session?.user ?? null, session });
      // Islands that hydrate only for a session (the header's) start now.
      if (session && !wasSignedIn) document.dispatchEvent(new Event(SIGNED_IN_EVENT));
    });
  })();
  return started;
}

/** The access token of the signed-in customer once the sign-in client has read the session, or null when nobody is signed in. */
export async function currentAccessToken(): Promise<string | null> {
  await startAuth();
  const state =
    $auth.get().status === 'loading'
      ? await new Promise<AuthState>((resolve) => {
          const stop = $auth.subscribe((value) => {
            if (value.status !== 'loading') {
              queueMicrotask(() => stop());
              resolve(value);
            }
          });
        })
      : $auth.get();
  return state.session?.access_token ?? null;
}

/**
 * Marks a page whose own island starts the sign-in client, after its first draw (the owner's desk,
 * docs/product/desk.md#owners-desk): the header's account islands leave the start to it and follow the
 * auth store as ever.
 */
export const AUTH_BY_PAGE_ATTRIBUTE = 'data-auth-by-page';

/**
 * The stored session's access token while the sign-in client has not answered yet
 * (docs/product/accounts.md#session-checks): session.ts earlyTokenOf; else null, and callers wait for
 * currentAccessToken.
 */
export function earlyAccessToken(): string | null {
  if (typeof window === 'undefined' || $auth.get().status !== 'loading') return null;
  try {
    return earlyTokenOf(localStorage, Date.now(), window.location.hash);
  } catch {
    return null;
  }
}

/** Removes every auth entry supabase-js keeps in this browser (before sign-in and sign-up, docs/product/accounts.md#sign-in). */
function clearStoredAuth(): void {
  forgetKeptSummary();
  for (const key of Object.keys(localStorage)) {
    if (key.startsWith('supabase.auth.') || /^sb-.*-auth-token/.test(key)) localStorage.removeItem(key);
  }
}

/** Clears local auth state and attempts a global sign-out, ignoring its errors. */
export async function resetSession(): Promise<void> {
  clearStoredAuth();
  try {
    const supabase = await getSupabase();
    await supabase.auth.signOut({ scope: 'global' });
  } catch {
    // Nothing to sign out of, or the server is unreachable: the fresh sign-in proceeds either way.
  }
}

/** Signs in; resolves with the problem to show, or null on success. */
export async function signIn(email: string, password: string): Promise<AuthProblem | null> {
  try {
    await resetSession();
    const supabase = await getSupabase();
    const { error } = await supabase.auth.signInWithPassword({ email, password });
    return error ? problemOf(error) : null;
  } catch (error) {
    return thrownProblem(error);
  }
}

/** Creates an account; resolves with the problem to show, or null when the confirmation mail was sent. */
export async function signUp(email: string, password: string, fullName: string): Promise<AuthProblem | null> {
  try {
    await resetSession();
    const supabase = await getSupabase();
    const { data, error } = await supabase.auth.signUp({
      email,
      password,
      options: { data: { full_name: fullName }, emailRedirectTo: `${window.location.origin}${CONFIRM_PATH}` },
    });
    if (error) return problemOf(error);
    // A taken address answers with a user that has no identities (docs/product/accounts.md#sign-up).
    if (data.user && data.user.identities?.length === 0) return problemOf({ message: 'User already registered' });
    return null;
  } catch (error) {
    return thrownProblem(error);
  }
}

/**
 * Asks the sign-in service who the current user is: a session that has ended elsewhere (sign-out
 * everywhere, a password reset) is then dropped by supabase-js, which signs this browser out
 * (docs/product/accounts.md#session-checks). Any other failure leaves the state as it is.
 */
export async function verifySession(): Promise<void> {
  try {
    const supabase = await getSupabase();
    const { error } = await supabase.auth.getUser();
    if (error && error.name !== 'AuthSessionMissingError') console.error('Session check failed:', error);
  } catch (error) {
    console.error('Session check failed:', error);
  }
}

/** Shows this browser signed out, as supabase-js's SIGNED_OUT event would. */
function showSignedOut(): void {
  forgetKeptSummary();
  forgetRecovery();
  $recovery.set(false);
  $auth.set({ status: 'signed-out', user: null, session: null });
}

/**
 * Signs this browser out without ending the session anywhere else: supabase-js's local sign-out,
 * which drops the stored session before it calls the sign-in service; should that fail too, every
 * stored auth entry is removed here. Either way this device ends signed out. Also what a billing
 * action's 401 calls: the session has ended elsewhere (sign-out everywhere, a password reset)
 * while its access token has not expired, so the header turns signed out and /auth shows its form
 * (docs/product/accounts.md#session-checks).
 */
export async function signOutHere(): Promise<void> {
  try {
    const supabase = await getSupabase();
    const { error } = await supabase.auth.signOut({ scope: 'local' });
    // The session is already gone from storage; the service only missed revoking its refresh token.
    if (error) console.error('Local sign-out error:', error);
    if (!(await supabase.auth.getSession()).data.session) return;
  } catch (error) {
    console.error('Local sign-out error:', error);
  }
  try {
    clearStoredAuth();
  } catch {
    // Storage blocked: supabase-js could not have kept a session there either.
  }
  showSignedOut();
}

/** How far a sign-out reached: every session of the user, or only this device's. */
export type SignOutReach = 'everywhere' | 'this-device';

let signOutPressed = false;

/**
 * Whether 'Sign Out' was pressed on this page: from then on the page leaves the way the sign-out
 * chose (afterSignOutPath), and /account does not also leave as for a session ended elsewhere.
 */
export function signOutStarted(): boolean {
  return signOutPressed;
}

/**
 * Signs out everywhere (docs/product/accounts.md#sign-out). supabase-js keeps the session when the global
 * sign-out fails (no connection, a 5xx), so this device is then signed out on its own and the
 * answer says other devices may still be signed in.
 */
export async function signOut(): Promise<SignOutReach> {
  signOutPressed = true;
  let reach: SignOutReach = 'everywhere';
  try {
    const supabase = await getSupabase();
    const { error } = await supabase.auth.signOut({ scope: 'global' });
    if (error) {
      console.error('Sign-out error:', error);
      reach = 'this-device';
    }
  } catch (error) {
    console.error('Sign-out error:', error);
    reach = 'this-device';
  }
  if (reach === 'this-device') await signOutHere();
  // What the owner's desk kept on this device goes with the session (docs/product/desk.md#offline-lists-and-changes).
  await deleteDeviceStores();
  return reach;
}
