/**
 * The wide header's 'My Account' menu (docs/product/site.md#header-and-navigation): Headless UI `Menu`
 * (arrow keys, Escape closes and returns focus to the button) with 'Account overview' and 'Sign
 * Out'. Loaded by AccountMenu.tsx when the visitor first reaches for the button; a press or key
 * made on that button before this file arrived is carried over here (`carried`).
 */
import { Menu, MenuButton, MenuItem, MenuItems } from '@headlessui/react';
import { useEffect, useRef, useState } from 'react';
import { HEADER_LINK } from './header-link';
import MenuChevron from './MenuChevron';
import { signOutFromHeader } from './sign-out';

/** The menu's items: a full-width header link, tinted while the keyboard or pointer is on it. */
const ITEM = `${HEADER_LINK} w-full data-focus:bg-brand-50 data-focus:text-brand-800`;

/** What the visitor did on the button before the menu's code arrived. */
export interface CarriedInput {
  /** Whether the button had the focus (it moves to the menu's button). */
  focused: boolean;
  /** A key that opens the menu at its first or last item, a press that opens it, or nothing. */
  open: 'first' | 'last' | 'press' | null;
}

interface Props {
  /** Whether this page is the account overview (marked as the current page in the menu). */
  onAccountPage: boolean;
  carried: CarriedInput;
}

export default function AccountMenuList({ onAccountPage, carried }: Props) {
  const button = useRef<HTMLButtonElement>(null);
  // Carried over once, as the menu appears.
  const [start] = useState(carried);
  useEffect(() => {
    const target = button.current;
    if (!target) return;
    if (start.focused) target.focus();
    // The keys Headless UI itself answers on the button, so the menu opens as it would have.
    if (start.open === 'first' || start.open === 'last') {
      const key = start.open === 'first' ? 'Enter' : 'ArrowUp';
      target.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }));
    } else if (start.open === 'press') {
      target.click();
    }
  }, [start]);
  return (
    <Menu as="div" className="relative">
      <MenuButton ref={button} className={`${HEADER_LINK} gap-1`}>
        My Account
        <MenuChevron />
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
  );
}
