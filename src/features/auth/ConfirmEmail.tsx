/**
 * The /auth/confirm screen (docs/product/accounts.md#email-confirmation), where sign-up confirmation links
 * land: the link's session signs the customer in and the page goes on to /account; a used,
 * expired or malformed link is explained, with the next step.
 */
import { useEffect } from 'react';
import AuthMessage from './AuthMessage';
import { useAuth, useAuthLink, useHydrated } from './hooks';
import { CONFIRM_LINK_FAILED } from './messages';
import { startAuth } from './store';

const SIGN_IN_LINK = 'btn-primary mt-6 w-full';

export default function ConfirmEmail() {
  const hydrated = useHydrated();
  const link = useAuthLink();
  const { status } = useAuth();
  const fromLink = link.kind === 'session';

  useEffect(() => {
    if (fromLink) void startAuth();
  }, [fromLink]);
  useEffect(() => {
    if (fromLink && status === 'signed-in') window.location.replace('/account');
  }, [fromLink, status]);

  const failed = link.kind === 'error' || (fromLink && status === 'signed-out');
  return (
    <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
      <h1 className="text-3xl font-extrabold">Confirm your email</h1>
      {failed ? (
        <>
          <div className="mt-4">
            <AuthMessage kind="error">{CONFIRM_LINK_FAILED}</AuthMessage>
          </div>
          <p className="mt-4">
            If you have confirmed your address already, just sign in. If not, sign in and we will offer to send you a
            new confirmation e-mail.
          </p>
          <a href="/auth" className={SIGN_IN_LINK}>
            Go to Sign In
          </a>
        </>
      ) : !hydrated || fromLink ? (
        <p role="status" className="mt-4 text-lg text-ink-muted">
          {status === 'signed-in'
            ? 'Your email address is confirmed. Opening your account...'
            : 'Confirming your email address...'}
        </p>
      ) : (
        <>
          <p className="mt-4">
            This page confirms email addresses from the links we send. There is nothing to confirm here.
          </p>
          <a href="/auth" className={SIGN_IN_LINK}>
            Go to Sign In
          </a>
        </>
      )}
    </div>
  );
}
