/**
 * The /auth/reset screen (docs/product.md#password-reset): asking for a reset link, and where that
 * link lands. With the link's session (the PASSWORD_RECOVERY event) it asks for the new password;
 * with a used, expired or malformed link it says so above a request for a new one.
 */
import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { useAuth, useAuthLink } from './hooks';
import NewPasswordForm from './NewPasswordForm';
import ResetRequestForm from './ResetRequestForm';
import { $recovery, startAuth } from './store';

export default function ResetPassword() {
  const link = useAuthLink();
  const auth = useAuth();
  const recovery = useStore($recovery);
  const fromLink = link.kind === 'session';

  useEffect(() => {
    // Only a link's session needs the sign-in client here: asking for a link does not.
    if (fromLink) void startAuth();
  }, [fromLink]);
  useEffect(() => {
    // supabase-js leaves a bare '#' where the link's session was.
    if (recovery && window.location.href.endsWith('#')) {
      history.replaceState(history.state, '', window.location.pathname + window.location.search);
    }
  }, [recovery]);

  const checking = fromLink && !recovery && auth.status !== 'signed-out';
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
