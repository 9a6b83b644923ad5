/**
 * The wide header's account slot (docs/product.md#header-and-navigation), an island hydrated only
 * with a session (`client:session`): 'Sign In', or, once the auth store says signed in, the 'My
 * Account' menu (Headless UI `Menu`: arrow keys, Escape closes and returns focus to the button)
 * with 'Account overview' and 'Sign Out'. The slot keeps one size, so nothing moves when it turns.
 */
import { Menu, MenuButton, MenuItem, MenuItems } from '@headlessui/react';
import { useSignedIn } from '@/features/auth/hooks';
import { HEADER_LINK } from './header-link';
import { signOutFromHeader } from './sign-out';

/** The menu's items: a full-width header link, tinted while the keyboard or pointer is on it. */
const ITEM = `${HEADER_LINK} w-full data-focus:bg-brand-50 data-focus:text-brand-800`;

interface Props {
  /** Whether this page is the account overview (marked as the current page in the menu). */
  onAccountPage: boolean;
}

export default function AccountMenu({ onAccountPage }: Props) {
  const signedIn = useSignedIn();
  return (
    <div className="hidden w-36 justify-center lg:flex">
      {signedIn ? (
        <Menu as="div" className="relative">
          <MenuButton className={`${HEADER_LINK} gap-1`}>
            My Account
            <svg aria-hidden="true" viewBox="0 0 24 24" className="size-4 fill-none stroke-current stroke-2">
              <path d="m6 9 6 6 6-6" />
            </svg>
          </MenuButton>
          <MenuItems className="absolute top-full right-0 mt-1 w-48 rounded-xl border border-slate-200 bg-white p-2 shadow-lg focus:outline-none">
            <MenuItem>
              <a className={ITEM} href="/account" aria-current={onAccountPage ? 'page' : undefined}>
                Account overview
              </a>
            </MenuItem>
            <MenuItem>
              <button type="button" className={ITEM} onClick={() => void signOutFromHeader()}>
                Sign Out
              </button>
            </MenuItem>
          </MenuItems>
        </Menu>
      ) : (
        <a className={HEADER_LINK} href="/auth">
          Sign In
        </a>
      )}
    </div>
  );
}
