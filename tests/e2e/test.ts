/**
 * The browser tests' `test`: Playwright's, with one addition. An uncaught error in any page of a
 * test's browser context (a script that throws, React redrawing an island whose HTML did not match)
 * fails that test, although no assertion about the page would notice it.
 */
import { test as base } from '@playwright/test';

export const test = base.extend<{ uncaughtErrors: void }>({
  uncaughtErrors: [
    async ({ context }, use, testInfo) => {
      const errors: string[] = [];
      context.on('weberror', (webError) => {
        errors.push(`${webError.page()?.url() ?? 'a page'}: ${webError.error().stack ?? webError.error().message}`);
      });
      await use();
      if (errors.length > 0 && testInfo.status === testInfo.expectedStatus) {
        throw new Error(`Uncaught errors in the page:\n${errors.join('\n')}`);
      }
    },
    { auto: true },
  ],
});

export { expect } from '@playwright/test';
