/**
 * The /auth/reset screen (docs/product/accounts.md#password-reset): asking for a reset link, and where that
 * link lands. With the link's session (the PASSWORD_RECOVERY event, or after a reload the note this
 * tab kept of it) it asks for the new password; with a used, expired or malformed link it says so
 * above a request for a new one. An ordinary signed-in visit gets the request form.
 */
import { useEffect } from 'react';
import { useAuth, useAuthLink, useRecovery, useRecoveryNote } from './hooks';
import NewPasswordForm from './NewPasswordForm';
import ResetRequestForm from './ResetRequestForm';
import { startAuth } from './store';

export default function ResetPassword() {
  const link = useAuthLink();
  const auth = useAuth();
  const recovery = useRecovery();
  const noted = useRecoveryNote();
  const fromLink = link.kind === 'session';

  useEffect(() => {
    // Only a link's session needs the sign-in client here: asking for a link does not.
    if (fromLink || noted) void startAuth();
  }, [fromLink, noted]);
  useEffect(() => {
    // supabase-js leaves a bare '#' where the link's session was.
    if (recovery && window.location.href.endsWith('#')) {
      history.replaceState(history.state, '', window.location.pathname + window.location.search);
    }
  }, [recovery]);

  const checking = !recovery && ((fromLink && auth.status !== 'signed-out') || (noted && auth.status === 'loading'));
  return (
    <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
      {recovery ? (
        <NewPasswordForm />
      ) : checking ? (
        <p role="status" className="text-lg text-ink-muted">
          Checking your link...
        </p>
      ) : (
        <ResetRequestForm linkFailed={link.kind === 'error' || fromLink} />
      )}
    </div>
  );
}
