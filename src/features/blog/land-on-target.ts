/**
 * Lands a jump within an article on its target (docs/product/performance.md "Performance decisions", the
 * article parts). The browser aims a jump (a table-of-contents link, any in-page link, or a page
 * opened at an anchor) at where the target is while the sections on the way are not drawn yet and
 * count as 1200 px each; drawn at their real heights they move it, and on a phone the reader landed
 * a screen or more short of the section (the filter finder's, 912 px above it). Once the sections
 * near the target are drawn, it is scrolled to again, until it stays where it should. The reader's
 * own scrolling, a key or a touch stops the correction at once.
 */

/** Corrections at most per jump; each waits two frames for the sections it brought near to be drawn. */
const MAX_CORRECTIONS = 4;
/** How far (px) from its scroll margin a target may stand and count as landed. */
const LANDED_WITHIN_PX = 2;

/** How far the target stands below where a jump should put it (its scroll margin from the top). */
function offsetFromLanding(target: Element): number {
  const margin = Number.parseFloat(getComputedStyle(target).scrollMarginTop) || 0;
  return target.getBoundingClientRect().top - margin;
}

/** The element a hash names, if any. */
function targetOf(hash: string): HTMLElement | null {
  if (hash.length < 2) return null;
  try {
    return document.getElementById(decodeURIComponent(hash.slice(1)));
  } catch {
    return null; // a malformed escape: nothing to land on
  }
}

const afterTwoFrames = (then: () => void) => requestAnimationFrame(() => requestAnimationFrame(then));
const READER_MOVES = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const;

/** Keeps the target of `hash` in place once the sections on the way are drawn. */
function land(hash: string): void {
  const target = targetOf(hash);
  if (!target) return;
  let corrections = 0;
  let stopped = false;
  const stop = () => {
    stopped = true;
    for (const type of READER_MOVES) window.removeEventListener(type, stop, true);
  };
  for (const type of READER_MOVES) window.addEventListener(type, stop, { capture: true, passive: true });
  const check = () => {
    if (stopped) return;
    if (Math.abs(offsetFromLanding(target)) <= LANDED_WITHIN_PX || corrections >= MAX_CORRECTIONS) return stop();
    corrections += 1;
    target.scrollIntoView({ block: 'start' });
    afterTwoFrames(check);
  };
  afterTwoFrames(check);
}

/** Watches the page's in-page jumps, and the one it was opened with. */
export function landJumpsOnTarget(): void {
  window.addEventListener('hashchange', () => land(location.hash));
  // A link to the hash already in the address jumps again without a hashchange.
  document.addEventListener('click', (event) => {
    const link = (event.target as Element | null)?.closest?.('a[href^="#"]');
    if (link instanceof HTMLAnchorElement && link.hash === location.hash && !event.defaultPrevented) land(link.hash);
  });
  land(location.hash);
}
