/**
 * The header's 'Sign Out' (docs/product.md#header-and-navigation): signs out everywhere; the
 * auth store then turns every island on the page signed out at once, so a page anyone may read
 * stays where it is, and a page that needs an account leaves for `/`.
 */
import { signOut } from '@/features/auth/store';

/** Pages that show nothing without an account: signing out there goes home. */
const ACCOUNT_PAGES = new Set(['/account']);

/** Signs out, then goes to `/` when the page needs an account. */
export async function signOutFromHeader(): Promise<void> {
  await signOut();
  if (ACCOUNT_PAGES.has(window.location.pathname)) window.location.assign('/');
}
