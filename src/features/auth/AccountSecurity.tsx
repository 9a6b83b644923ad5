/** The account screen's Security (docs/product.md#account-page): the session identifier and 'Sign Out'. */
import AccountSection from './AccountSection';
import { signOut } from './store';

export default function AccountSecurity({ sessionId }: { sessionId: string }) {
  return (
    <AccountSection id="account-security" title="Security">
      <p className="mt-4 text-sm text-ink-muted">Session</p>
      <p className="font-mono font-semibold">{sessionId}</p>
      <button
        type="button"
        className="mt-4 btn-primary"
        onClick={() => void signOut().then(() => window.location.assign('/'))}
      >
        Sign Out
      </button>
    </AccountSection>
  );
}
