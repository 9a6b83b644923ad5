/** The page's cumulative layout shift, as the browser reports it (docs/product/performance.md#performance-and-accessibility). */
import type { Page } from '@playwright/test';

/** Starts summing every layout shift of the pages `page` opens next, from their first frame. */
export async function recordLayoutShift(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const record = { shift: 0 };
    Object.assign(window, { layoutShift: record });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) record.shift += (entry as PerformanceEntry & { value: number }).value;
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/** The sum of the layout shifts recorded so far on the current page. */
export function layoutShift(page: Page): Promise<number> {
  return page.evaluate(() => (window as unknown as { layoutShift: { shift: number } }).layoutShift.shift);
}
