/**
 * The floating 'Schedule Service Now' button: shown once the page is scrolled more than
 * SHOW_AFTER_PX (docs/product/tools.md#floating-schedule-button), hidden again above that. It also steps aside
 * while the element a keyboard user has focused lies under it, so it never hides the focus (WCAG 2.4.11),
 * and while the page's footer is on screen, so it never covers the footer's links (the legal links
 * end at the bottom right of the page, where the button floats).
 */

/** Scroll distance, in CSS pixels, past which the button shows (docs/product/tools.md#floating-schedule-button: 500 px). */
export const SHOW_AFTER_PX = 500;

/** Whether the button shows at this scroll position. */
export function isPastThreshold(scrollY: number): boolean {
  return scrollY > SHOW_AFTER_PX;
}

function overlaps(a: DOMRect, b: DOMRect): boolean {
  return a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
}

/**
 * Wires one floating button: `data-shown` while past the threshold and the footer is off screen,
 * `data-yield` while it would cover the focus.
 */
export function initFloatingButton(button: HTMLElement): void {
  let frame = 0;
  const footer = document.querySelector('body > footer');
  let footerOnScreen = (footer?.getBoundingClientRect().top ?? Infinity) < window.innerHeight;
  const update = () => {
    frame = 0;
    button.toggleAttribute('data-shown', isPastThreshold(window.scrollY) && !footerOnScreen);
    const focused = document.activeElement;
    // Only keyboard focus counts (a click in <main> focuses it too), and never an ancestor such as
    // <main> itself, which the button sits inside and cannot hide.
    const covers =
      focused instanceof HTMLElement &&
      focused.matches(':focus-visible') &&
      !focused.contains(button) &&
      overlaps(focused.getBoundingClientRect(), button.getBoundingClientRect());
    button.toggleAttribute('data-yield', covers);
  };
  const schedule = () => (frame ||= requestAnimationFrame(update));
  if (footer) {
    new IntersectionObserver((entries) => {
      footerOnScreen = entries.at(-1)?.isIntersecting ?? footerOnScreen;
      schedule();
    }).observe(footer);
  }
  window.addEventListener('scroll', schedule, { passive: true });
  window.addEventListener('resize', schedule);
  document.addEventListener('focusin', schedule);
  document.addEventListener('focusout', schedule);
  update();
}
