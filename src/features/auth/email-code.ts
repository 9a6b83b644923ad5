/**
 * Signing in with a six-digit code e-mailed to the address (docs/product/accounts.md#e-mail-code): asking
 * for the code (a new address gets its account on the way) and verifying it, which signs this
 * browser in. Each resolves with the message to show, or null.
 */
import { getSupabase } from '@/lib/supabase';
import { CONFIRM_PATH } from './link';
import { codeRefusalMessage, codeRequestMessage, thrownMessage } from './messages';
import { resetSession, startAuth } from './store';

/** Asks the sign-in service to e-mail a code to `email`, making the account when there is none. */
export async function sendEmailCode(email: string): Promise<string | null> {
  try {
    // As before any sign-in (docs/product/accounts.md#sign-in): nothing of another account is kept.
    await resetSession();
    const supabase = await getSupabase();
    const { error } = await supabase.auth.signInWithOtp({
      email,
      // The e-mail's link (beside the code) lands where a confirmation link does.
      options: { shouldCreateUser: true, emailRedirectTo: `${window.location.origin}${CONFIRM_PATH}` },
    });
    return error ? codeRequestMessage(error) : null;
  } catch (error) {
    return thrownMessage(error);
  }
}

/**
 * Verifies the code e-mailed to `email` at `sentAtMs` (the browser's time it was asked for); once
 * it resolves null, the auth state is signed in.
 */
export async function verifyEmailCode(email: string, code: string, sentAtMs: number): Promise<string | null> {
  try {
    await startAuth();
    const supabase = await getSupabase();
    const { error } = await supabase.auth.verifyOtp({ email, token: code, type: 'email' });
    return error ? codeRefusalMessage(error, sentAtMs, Date.now()) : null;
  } catch (error) {
    return thrownMessage(error);
  }
}
