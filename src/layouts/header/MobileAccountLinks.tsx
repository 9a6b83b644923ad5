/**
 * The phone menu's account links (docs/product/site.md#header-and-navigation), an island hydrated only
 * with a session (`client:session`): 'Sign In', or 'My Account' and 'Sign Out' once the auth store
 * says signed in.
 */
import { useState } from 'react';
import { useSignedIn } from '@/features/auth/hooks';
import { HEADER_LINK } from './header-link';
import { signOutFromHeader } from './sign-out';

interface Props {
  /** Whether this page is the account overview. */
  onAccountPage: boolean;
}

export default function MobileAccountLinks({ onAccountPage }: Props) {
  const signedIn = useSignedIn();
  const [signingOut, setSigningOut] = useState(false);
  if (!signedIn) {
    return (
      <div className="flex flex-wrap gap-1">
        <a className={HEADER_LINK} href="/auth">
          Sign In
        </a>
      </div>
    );
  }
  const signOut = () => {
    setSigningOut(true);
    void signOutFromHeader().finally(() => setSigningOut(false));
  };
  return (
    <div className="flex flex-wrap gap-1">
      <a className={HEADER_LINK} href="/account" aria-current={onAccountPage ? 'page' : undefined}>
        My Account
      </a>
      <button type="button" className={HEADER_LINK} disabled={signingOut} onClick={signOut}>
        Sign Out
      </button>
    </div>
  );
}
