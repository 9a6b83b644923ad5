/**
 * One visit to every built page (docs/product/performance.md#performance-and-accessibility), which
 * checks all that holds for every page as a visitor gets it:
 * - it reflows without sideways scrolling on a 320 px screen (WCAG 1.4.10), loaded at that width;
 * - it loads and hydrates every island of its content without one Content-Security-Policy
 *   violation (the policy itself: csp.spec.ts and tests/built/csp.test.ts);
 * - axe finds no violation of WCAG 2.2 AA on a 390 px phone, the islands hydrated, and at a desktop
 *   width on the first page of each template (tests/e2e/pages.ts: the ten service pages are one
 *   template, the five articles another): pages of one template differ in words, not in parts or
 *   layout, and each article's own tools are checked at a desktop width by its spec. A desktop
 *   check costs more than the phone's, and checking each template once halves the sweep's time.
 * States no page shows on its own (a dialog open, a form's errors, a signed-in account, the owner's
 * desk with visits, an island in use) are checked in the specs that reach them.
 */
import { expectNoAxeViolations } from './a11y';
import { hydrateAll, SIGNED_OUT_REDIRECTS, watchViolations } from './csp';
import { BUILT_PAGES, FIRST_OF_TEMPLATE } from './pages';
import { expect, test } from './test';

const NARROWEST = { width: 320, height: 640 };
const DESKTOP = { width: 1280, height: 720 };
const PHONE = { width: 390, height: 844 };

test.describe('every built page: reflow, CSP and axe (WCAG 2.2 AA)', () => {
  test.use({ viewport: NARROWEST });

  for (const { path } of BUILT_PAGES) {
    const desktop = FIRST_OF_TEMPLATE.has(path);
    test(`${path}: reflows at 320 px, hydrates without a CSP violation, no axe violation on a 390 px phone${desktop ? ' and a desktop' : ''}`, async ({
      page,
    }) => {
      // Axe over a long article takes seconds on a busy machine.
      test.slow();
      const violations = await watchViolations(page);
      await page.goto(path);
      const redirect = SIGNED_OUT_REDIRECTS[path];
      if (redirect) await page.waitForURL(redirect);

      await test.step('nothing scrolls sideways at 320 px (WCAG 1.4.10 reflow)', async () => {
        expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(320);
      });

      await test.step('every island hydrates without a CSP violation', async () => {
        await hydrateAll(page);
        expect(violations).toEqual([]);
      });

      await test.step('no axe violation on a 390 px phone', async () => {
        await page.setViewportSize(PHONE);
        await expectNoAxeViolations(page);
      });

      if (desktop) {
        await test.step('no axe violation on a desktop', async () => {
          await page.setViewportSize(DESKTOP);
          await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
          await expectNoAxeViolations(page);
        });
      }
      expect(violations).toEqual([]);
    });
  }
});
