/**
 * Watching a page for Content-Security-Policy violations, and hydrating every island of its
 * content, for the sweep over every page (a11y-sweep.spec.ts) and the islands in use (csp.spec.ts).
 */
import { expect, type Page } from '@playwright/test';
import { bringIntoView } from './scroll';

/**
 * Records every CSP violation of a page, across navigations: the browser's console report and
 * the `securitypolicyviolation` event. Returns the list, which fills as the page is used.
 */
export async function watchViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(`${page.url()}: ${message.text()}`);
  });
  await page.exposeBinding('reportCspViolation', ({ page: source }, text: string) => {
    violations.push(`${source.url()}: ${text}`);
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { reportCspViolation: (text: string) => void }).reportCspViolation;
      report(
        `${event.violatedDirective} blocked ${event.blockedURI || 'inline'} (${event.sourceFile}:${event.lineNumber})`,
      );
    });
  });
  return violations;
}

/**
 * Scrolls to every island of the page's content, so each hydrates, and waits until all have (the
 * header's account islands hydrate only with a session).
 */
export async function hydrateAll(page: Page): Promise<void> {
  for (const island of await page.locator('main astro-island').all()) {
    await bringIntoView(island);
    // An island that loads only when used (/auth's form) is used: its first field focused.
    if ((await island.getAttribute('opts'))?.includes('"interaction"')) await island.locator('input').first().focus();
  }
  await expect(page.locator('main astro-island[ssr]')).toHaveCount(0);
}

/** Pages that send a signed-out visitor elsewhere (docs/product/accounts.md#account-page: /account goes to /auth, coming back). */
export const SIGNED_OUT_REDIRECTS: Readonly<Record<string, RegExp>> = { '/account': /\/auth\?return=%2Faccount$/ };
