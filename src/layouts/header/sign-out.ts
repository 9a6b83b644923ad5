/**
 * The header's 'Sign Out' (docs/product/site.md#header-and-navigation, docs/product/accounts.md#sign-out): signs
 * out everywhere; the auth store then turns every island on the page signed out at once, so a page
 * anyone may read stays where it is, and a page that needs an account leaves for `/`. When only
 * this device could be signed out, a page that stays says so in a toast, and one that leaves goes
 * to /auth, which says so.
 */
import { afterSignOutPath } from '@/features/auth/link';
import { SIGNED_OUT_HERE_ONLY } from '@/features/auth/messages';
import { signOut } from '@/features/auth/store';

/** Pages that show nothing without an account: signing out there goes home. */
const ACCOUNT_PAGES = new Set(['/account']);

/** Signs out, then leaves a page that needs an account (afterSignOutPath), or says a partial sign-out in a toast. */
export async function signOutFromHeader(): Promise<void> {
  const reach = await signOut();
  if (ACCOUNT_PAGES.has(window.location.pathname)) window.location.assign(afterSignOutPath(reach));
  else if (reach === 'this-device') {
    const { toast } = await import('@/features/toast/toaster');
    toast({ ...SIGNED_OUT_HERE_ONLY, variant: 'destructive' });
  }
}
