/**
 * One accessibility sweep over every built page (docs/product/performance.md#performance-and-accessibility):
 * each page as a visitor first gets it, at a desktop width and on a 390 px phone, with no axe
 * violation of WCAG 2.2 AA. States no page shows on its own (a dialog open, a form's errors, a
 * signed-in account, the owner's desk with visits) are checked in the specs that reach them.
 */
import { expectNoAxeViolations } from './a11y';
import { BUILT_PAGES } from './pages';
import { test } from './test';

const PHONE = { width: 390, height: 844 };

test.describe('every built page passes axe (WCAG 2.2 AA)', () => {
  for (const { path } of BUILT_PAGES) {
    test(`${path}: on a desktop and on a 390 px phone`, async ({ page }) => {
      await page.goto(path, { waitUntil: 'load' });
      await expectNoAxeViolations(page);
      await page.setViewportSize(PHONE);
      await expectNoAxeViolations(page);
    });
  }
});
