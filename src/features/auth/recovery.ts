/**
 * Getting back into an account (docs/product/accounts.md#password-reset, docs/product/accounts.md#sign-in): asking for a
 * reset link, setting the new password from the link's session, and asking for the confirmation
 * e-mail again. Each resolves with what to show; the answers to the two requests never tell
 * whether an address has an account.
 */
import { getSupabase } from '@/lib/supabase';
import { CONFIRM_PATH, RESET_PATH } from './link';
import { confirmationWaitMessage, emailLimitOf, RESEND_NOTICE, RESET_NOTICE } from './messages';
import { forgetRecovery, problemOf, thrownProblem, type AuthProblem } from './store';

/** A request's outcome: the notice to show, or the problem. */
export type RequestOutcome = { notice: string } | { problem: AuthProblem };

/**
 * The outcome of a mail request: the same notice whether or not a mail went out, and even when one
 * went out less than a minute ago (the service says so only for a known address, so it is not
 * shown). The project's hourly e-mail cap is a problem: no link went out, and the customer is told.
 */
function mailRequestOutcome(error: Parameters<typeof problemOf>[0] | null, notice: string): RequestOutcome {
  if (!error || emailLimitOf(error)?.kind === 'wait') return { notice };
  return { problem: problemOf(error) };
}

/** Asks for a password reset link for `email`, returning to the reset page. */
export async function requestPasswordReset(email: string): Promise<RequestOutcome> {
  try {
    const supabase = await getSupabase();
    const { error } = await supabase.auth.resetPasswordForEmail(email, {
      redirectTo: `${window.location.origin}${RESET_PATH}`,
    });
    return mailRequestOutcome(error, RESET_NOTICE);
  } catch (error) {
    return { problem: thrownProblem(error) };
  }
}

/** Asks for the sign-up confirmation e-mail again for `email`. */
export async function resendConfirmation(email: string): Promise<RequestOutcome> {
  try {
    const supabase = await getSupabase();
    const { error } = await supabase.auth.resend({
      type: 'signup',
      email,
      options: { emailRedirectTo: `${window.location.origin}${CONFIRM_PATH}` },
    });
    // Here the customer has just proved the password, so the wait is worth saying, in our words.
    const limit = emailLimitOf(error);
    if (limit?.kind === 'wait') {
      return { problem: { message: confirmationWaitMessage(limit.seconds), code: error?.code ?? null } };
    }
    return mailRequestOutcome(error, RESEND_NOTICE);
  } catch (error) {
    return { problem: thrownProblem(error) };
  }
}

/**
 * Sets the signed-in user's new password; resolves with the problem to show, or null once it is
 * set, when this tab no longer offers to choose one.
 */
export async function setNewPassword(password: string): Promise<AuthProblem | null> {
  try {
    const supabase = await getSupabase();
    const { error } = await supabase.auth.updateUser({ password });
    if (error) return problemOf(error);
    forgetRecovery();
    return null;
  } catch (error) {
    return thrownProblem(error);
  }
}
