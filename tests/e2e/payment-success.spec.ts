/**
 * The payment-success page's order of events (docs/product/checkout.md#payment-success): 'Processing
 * Payment' first, the confirmation never before 2 s after the navigation started, then the heading
 * focused and the order number shown. How soon after 2 s the confirmation comes on a slow phone is
 * measured, not asserted: `npm run bench:payment` (bench/payment-success.ts).
 */
import { expect, test } from './test';

test.describe('payment success (docs/product/checkout.md#payment-success)', () => {
  test("at 390 px, 'Processing Payment' shows first and the confirmation replaces it no sooner than 2 s after the navigation started", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    // The page's own clock (performance.now() counts from the navigation's start) when the
    // confirmation is shown, and whether 'Processing Payment' was shown before it: a
    // MutationObserver in the page sees every change, where a check from the test could miss one.
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

    await page.goto('/payment-success?session_id=cs_test_a1b2c3d4e5f6g7h8');
    const seen = await page.evaluate(
      () =>
        (window as unknown as { confirmationShown: Promise<{ processing: boolean; doneAt: number }> })
          .confirmationShown,
    );
    expect(seen.processing, "'Processing Payment' was on the page first").toBe(true);
    expect(seen.doneAt, 'ms from the navigation start to the confirmation').toBeGreaterThanOrEqual(2000);
    const heading = page.getByRole('heading', { name: 'Payment Successful!' });
    await expect(heading).toBeVisible();
    await expect(heading).toBeFocused();
    await expect(page.getByText('Order number:')).toContainText('ORD-E5F6G7H8');
    await expect(page.getByRole('heading', { name: 'Processing Payment' })).toBeHidden();
  });
});
