/** The page's cumulative layout shift, as the browser reports it (docs/product/performance.md#performance-and-accessibility). */
import type { Page } from '@playwright/test';

/** What the page recorded: the sum, and for each shift what moved, from where to where, at what time. */
interface ShiftRecord {
  shift: number;
  shifts: string[];
}

/** Starts summing every layout shift of the pages `page` opens next, from their first frame. */
export async function recordLayoutShift(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const record: ShiftRecord = { shift: 0, shifts: [] };
    Object.assign(window, { layoutShift: record });
    const name = (node: Node | null): string => {
      if (!(node instanceof Element)) return node ? node.nodeName : 'a removed node';
      const label = node.getAttribute('aria-label') ?? node.textContent?.trim().slice(0, 40) ?? '';
      return `<${node.localName}${node.id ? `#${node.id}` : ''}${node.className && typeof node.className === 'string' ? `.${node.className.trim().split(/\s+/).slice(0, 3).join('.')}` : ''}> '${label}'`;
    };
    const box = (rect: DOMRectReadOnly) =>
      `${Math.round(rect.x)},${Math.round(rect.y)} ${Math.round(rect.width)}x${Math.round(rect.height)}`;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        const shift = entry as PerformanceEntry & {
          value: number;
          sources?: { node: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[];
        };
        record.shift += shift.value;
        const moved = (shift.sources ?? []).map(
          (s) => `${name(s.node)} ${box(s.previousRect)} -> ${box(s.currentRect)}`,
        );
        record.shifts.push(`${shift.value.toFixed(4)} at ${Math.round(shift.startTime)} ms: ${moved.join('; ')}`);
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/** The sum of the layout shifts recorded so far on the current page. */
export async function layoutShift(page: Page): Promise<number> {
  return (await shiftRecord(page)).shift;
}

/** Each layout shift recorded so far: its value, its time and what moved (for a failure's message). */
export async function layoutShifts(page: Page): Promise<string[]> {
  return (await shiftRecord(page)).shifts;
}

function shiftRecord(page: Page): Promise<ShiftRecord> {
  return page.evaluate(() => (window as unknown as { layoutShift: ShiftRecord }).layoutShift);
}
