/**
 * Brings a Subscribe button's answer into view (docs/product/plans.md#one-live-plan-per-customer). The
 * message and 'Change plan' are drawn under the button; on a phone, where the plans are stacked, a
 * reader reaches the button at the bottom of the screen, so what is drawn under it starts out of
 * view and the press seems to do nothing.
 */
import { useEffect, useRef, type RefObject } from 'react';

/**
 * A ref for the element holding the answer, scrolled just into view each time `answer` is set to a
 * new value (an object per answer, so the same message given twice is shown twice), and never for
 * null. The page's own scroll behaviour applies: smooth, or instant when reduced motion is asked for.
 */
export function useInView<T extends HTMLElement>(answer: object | null): RefObject<T | null> {
  const ref = useRef<T>(null);
  useEffect(() => {
    if (answer) ref.current?.scrollIntoView({ block: 'nearest' });
  }, [answer]);
  return ref;
}
