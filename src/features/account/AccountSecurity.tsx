/**
 * The account screen's Security (docs/product/accounts.md#account-page): the session identifier and 'Sign
 * Out'; in a tab holding a reset link's session, also the way back to choosing the new password;
 * and 'Set a password', for a customer who signed up with an e-mailed code or wants a new one.
 */
import AccountSection from './AccountSection';
import NewPasswordForm from '@/features/auth/NewPasswordForm';
import { useRecovery } from '@/features/auth/hooks';
import { afterSignOutPath, RESET_PATH } from '@/features/auth/link';
import { signOut } from '@/features/auth/store';

export default function AccountSecurity({ sessionId }: { sessionId: string }) {
  const recovery = useRecovery();
  return (
    <AccountSection id="account-security" title="Security">
      <p className="mt-4 text-sm text-ink-muted">Session</p>
      <p className="font-mono font-semibold">{sessionId}</p>
      {recovery && (
        <p className="mt-4">
          You opened a password reset link in this tab.{' '}
          <a href={RESET_PATH} className="font-semibold text-brand-700 underline underline-offset-4">
            Choose a new password
          </a>
        </p>
      )}
      <button
        type="button"
        className="mt-4 btn-primary"
        onClick={() => void signOut().then((reach) => window.location.assign(afterSignOutPath(reach)))}
      >
        Sign Out
      </button>
      <NewPasswordForm
        heading={{ level: 'h3', text: 'Set a password' }}
        intro="Sign in with your e-mail and a password, or keep using e-mailed codes."
        submitLabel="Save Password"
        saved="Your password is saved. You can sign in with it from now on."
      />
    </AccountSection>
  );
}
