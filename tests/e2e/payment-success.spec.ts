/**
 * 'Processing Payment' gives way within 2.3 s of the navigation's start on a slow phone
 * (docs/product/checkout.md#payment-success). Its own Playwright project runs it after every other spec, one
 * test at a time, so the deadline is the page's and not the machine's other work.
 */
import { expect, test } from './test';

test.describe.configure({ mode: 'serial' });

test.describe('payment success on a slow phone (docs/product/checkout.md#payment-success)', () => {
  for (const { width, height } of [
    { width: 390, height: 844 },
    { width: 1280, height: 720 },
  ]) {
    test(`at ${width} px with the CPU 4x slower, the confirmation replaces 'Processing Payment' 2 to 2.3 s after the navigation started`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height });
      // The page's own clock (performance.now() counts from the navigation's start) when the
      // confirmation is shown, not the test's: the test runs beside the page and sees it late. The
      // test waits on a promise of the page rather than polling it, which would take the throttled
      // page's time.
      await page.addInitScript(() => {
        let processing = false;
        let shown!: (at: { processing: boolean; doneAt: number }) => void;
        Object.assign(window, { confirmationShown: new Promise((resolve) => (shown = resolve)) });
        const observer = new MutationObserver(() => {
          processing ||= document.querySelector<HTMLElement>('[data-state="processing"]')?.hidden === false;
          if (document.querySelector<HTMLElement>('[data-state="done"]')?.hidden !== false) return;
          observer.disconnect();
          shown({ processing, doneAt: performance.now() });
        });
        observer.observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['hidden'] });
      });
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });

      await page.goto('/payment-success?session_id=cs_test_a1b2c3d4e5f6g7h8');
      const seen = await page.evaluate(
        () =>
          (window as unknown as { confirmationShown: Promise<{ processing: boolean; doneAt: number }> })
            .confirmationShown,
      );
      expect(seen.processing, "'Processing Payment' was on the page first").toBe(true);
      expect(seen.doneAt).toBeGreaterThanOrEqual(2000);
      expect(seen.doneAt).toBeLessThanOrEqual(2300);
      const heading = page.getByRole('heading', { name: 'Payment Successful!' });
      await expect(heading).toBeVisible();
      await expect(heading).toBeFocused();
      await expect(page.getByText('Order number:')).toContainText('ORD-E5F6G7H8');
      await expect(page.getByRole('heading', { name: 'Processing Payment' })).toBeHidden();
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    });
  }
});
