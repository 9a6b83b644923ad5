/**
 * The wide header's account slot (docs/product/site.md#header-and-navigation), an island hydrated only
 * with a session (`client:session`): 'Sign In', or, once the auth store says signed in, the 'My
 * Account' button. Its menu (AccountMenuList.tsx, Headless UI `Menu`) is fetched when the visitor
 * first reaches for the button (pointer over it, focus, a press or a key), and a press or key made
 * before it arrived opens it as soon as it has (docs/product/performance.md#performance-decisions). The slot
 * keeps one size, so nothing moves when it turns.
 */
import { useRef, useState, type ComponentType, type KeyboardEvent, type PointerEvent } from 'react';
import { useSignedIn } from '@/features/auth/hooks';
import type { CarriedInput } from './AccountMenuList';
import { HEADER_LINK } from './header-link';
import MenuChevron from './MenuChevron';

interface Props {
  /** Whether this page is the account overview (marked as the current page in the menu). */
  onAccountPage: boolean;
}

type MenuList = ComponentType<Props & { carried: CarriedInput }>;

/** The keys the menu's button opens it with, and where each puts the active item. */
const OPENING_KEYS: Readonly<Record<string, CarriedInput['open']>> = {
  Enter: 'first',
  ' ': 'first',
  ArrowDown: 'first',
  ArrowUp: 'last',
};

export default function AccountMenu({ onAccountPage }: Props) {
  const signedIn = useSignedIn();
  const [menu, setMenu] = useState<{ List: MenuList; carried: CarriedInput } | null>(null);
  const button = useRef<HTMLButtonElement>(null);
  const opening = useRef<CarriedInput['open']>(null);
  const loading = useRef(false);
  /** The kind of pointer last pressed on the button ('mouse', 'touch', 'pen'), as Headless UI tracks it. */
  const pointer = useRef<string | null>(null);

  function load() {
    if (loading.current) return;
    loading.current = true;
    import('./AccountMenuList').then(
      ({ default: List }) =>
        setMenu({
          List,
          carried: { focused: document.activeElement === button.current, open: opening.current },
        }),
      (error: unknown) => {
        // Not fetched (offline): the next reach for the button tries again.
        loading.current = false;
        console.error('The account menu could not be loaded:', error);
      },
    );
  }
  /**
   * Remembers how the menu is to open, then loads it. When its code has just come but the list is
   * not drawn yet, the list is told too: it reads how to open once, as it mounts.
   */
  function reach(open: NonNullable<CarriedInput['open']>) {
    opening.current = open;
    setMenu((current) => current && { ...current, carried: { ...current.carried, open } });
    load();
  }
  /**
   * A mouse's left button opens on its press, as the menu's own button does. Waiting for the click
   * lost the press when the code came between the button going down and coming up: the menu's
   * button then replaced this one, and the browser sends the click to what both had in common, not
   * to either button.
   */
  function pointerDown(event: PointerEvent<HTMLButtonElement>) {
    pointer.current = event.pointerType;
    if (event.pointerType === 'mouse' && event.button === 0) reach('press');
  }
  function click() {
    if (pointer.current !== 'mouse') reach(opening.current ?? 'press');
  }
  function keyDown(event: KeyboardEvent<HTMLButtonElement>) {
    const open = OPENING_KEYS[event.key];
    if (!open) return;
    // The menu opens once its code is here; no click of the bare button meanwhile.
    event.preventDefault();
    reach(open);
  }

  let slot;
  if (!signedIn) {
    slot = (
      <a className={HEADER_LINK} href="/auth">
        Sign In
      </a>
    );
  } else if (menu) {
    slot = <menu.List onAccountPage={onAccountPage} carried={menu.carried} />;
  } else {
    slot = (
      <div className="relative">
        <button
          ref={button}
          type="button"
          aria-haspopup="menu"
          aria-expanded="false"
          className={`${HEADER_LINK} gap-1`}
          onPointerEnter={load}
          onFocus={load}
          onKeyDown={keyDown}
          onKeyUp={(event) => event.key === ' ' && event.preventDefault()}
          onPointerDown={pointerDown}
          onClick={click}
        >
          My Account
          <MenuChevron />
        </button>
      </div>
    );
  }
  return <div className="hidden w-36 justify-center lg:flex">{slot}</div>;
}
