/**
 * The desk's bar at the bottom of the screen (docs/product/desk.md#owners-desk, "The desk's own
 * shell"): a `nav` named 'Desk' with 'Today', 'Tomorrow', 'To confirm' and 'More', the current
 * view's button marked with `aria-current="page"`; 'More' a disclosure button opening the other
 * views as a list of big buttons. Escape, a press or focus outside or 'More' again closes the list.
 */
import { useEffect, useRef, useState } from 'react';
import { DESK_TABS } from '@/features/visits/desk-link';

/** How many views the bar shows itself; the rest are in More's list. */
const ON_BAR = 3;
const LIST_ID = 'desk-more';

const ITEM =
  'flex min-h-12 w-full items-center justify-center rounded-lg px-1 py-2 text-center leading-tight font-semibold';
const IDLE = 'text-brand-700 hover:bg-brand-50';
const CURRENT = 'bg-brand-700 text-white';

interface Props {
  /** The current view's index in DESK_TABS. */
  current: number;
  /** Shows the view at `index`; `fromList` when it was chosen from More's list, which has closed. */
  onChoose: (index: number, fromList: boolean) => void;
}

export default function DeskBar({ current, onChoose }: Props) {
  const [open, setOpen] = useState(false);
  const nav = useRef<HTMLElement>(null);
  const more = useRef<HTMLButtonElement>(null);
  // While the list is open: Escape closes it and puts focus back on 'More'; a press or focus outside the bar closes it.
  useEffect(() => {
    if (!open) return;
    const outside = (event: Event) => {
      if (!nav.current?.contains(event.target as Node)) setOpen(false);
    };
    const escape = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.preventDefault();
      setOpen(false);
      more.current?.focus();
    };
    document.addEventListener('pointerdown', outside);
    document.addEventListener('focusin', outside);
    document.addEventListener('keydown', escape);
    return () => {
      document.removeEventListener('pointerdown', outside);
      document.removeEventListener('focusin', outside);
      document.removeEventListener('keydown', escape);
    };
  }, [open]);
  const choose = (index: number, fromList: boolean) => {
    setOpen(false);
    onChoose(index, fromList);
  };
  const mark = (index: number) => (index === current ? { 'aria-current': 'page' as const } : {});

  return (
    <nav
      ref={nav}
      aria-label="Desk"
      className="fixed inset-x-0 bottom-0 z-40 border-t border-slate-200 bg-white pb-[env(safe-area-inset-bottom)]"
    >
      <div className="relative mx-auto max-w-4xl">
        <ul className="grid grid-cols-4 gap-1 p-1">
          {DESK_TABS.slice(0, ON_BAR).map(({ name }, index) => (
            <li key={name}>
              <button
                type="button"
                className={`${ITEM} ${index === current ? CURRENT : IDLE}`}
                {...mark(index)}
                onClick={() => choose(index, false)}
              >
                {name}
              </button>
            </li>
          ))}
          <li>
            <button
              ref={more}
              type="button"
              aria-expanded={open}
              aria-controls={LIST_ID}
              className={`${ITEM} ${current >= ON_BAR ? 'border-2 border-brand-700' : ''} ${open ? 'bg-brand-50 text-brand-800' : IDLE}`}
              onClick={() => setOpen((was) => !was)}
            >
              More
            </button>
          </li>
        </ul>
        {/* After the bar in the page (Tab reaches it from 'More'), drawn just above it. */}
        <ul
          id={LIST_ID}
          hidden={!open}
          className="absolute inset-x-0 bottom-full grid grid-cols-2 gap-2 border-t border-slate-200 bg-white p-2 shadow-lg"
        >
          {DESK_TABS.slice(ON_BAR).map(({ name }, offset) => (
            <li key={name}>
              <button
                type="button"
                className={`${ITEM} border-2 border-brand-700 ${offset + ON_BAR === current ? CURRENT : IDLE}`}
                {...mark(offset + ON_BAR)}
                onClick={() => choose(offset + ON_BAR, true)}
              >
                {name}
              </button>
            </li>
          ))}
        </ul>
      </div>
    </nav>
  );
}
