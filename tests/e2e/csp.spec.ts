/**
 * The Content-Security-Policy holds on the built site: every page loads and hydrates its islands
 * without one violation, and so do the islands in use (sign-up and account, checkout and payment
 * success, the article tools, the lead and plan dialogs, the contact form). The built files
 * themselves are checked too: each page's policy covers its inline code and allows no inline
 * script, and the headers are those of src/lib/security-headers.ts.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Page } from '@playwright/test';
import { expect, test } from './test';
import { auditPageCsp, directive, parsePolicy } from '@/integrations/html/page-csp';
import { STATIC_SECURITY_HEADERS } from '../../src/lib/security-headers';
import { signUpAndIn } from './customer';
import { downloadGuide, GUIDES } from './lead-dialog';
import { QUESTIONS } from '@/features/diy-quiz/quiz';
import { fillVisit } from './visit-fields';
import { bringIntoView } from './scroll';
import { BUILT_PAGES, DIST } from './pages';

/**
 * Records every CSP violation of a page, across navigations: the browser's console report and
 * the `securitypolicyviolation` event. Returns the list, which fills as the page is used.
 */
async function watchViolations(page: Page): Promise<string[]> {
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
async function hydrateAll(page: Page): Promise<void> {
  for (const island of await page.locator('main astro-island').all()) {
    await bringIntoView(island);
    // An island that loads only when used (/auth's form) is used: its first field focused.
    if ((await island.getAttribute('opts'))?.includes('"interaction"')) await island.locator('input').first().focus();
  }
  await expect(page.locator('main astro-island[ssr]')).toHaveCount(0);
}

test('the watcher sees a violation, so a quiet page is a clean one', async ({ page }) => {
  const violations = await watchViolations(page);
  await page.goto('/');
  await page.evaluate(() => document.body.setAttribute('style', 'outline: 1px solid red'));
  await expect.poll(() => violations.length).toBeGreaterThan(0);
  expect(violations.join('\n')).toContain('style-src');
});

/** Pages that send a signed-out visitor elsewhere (docs/product/accounts.md#account-page: /account goes to /auth, coming back). */
const SIGNED_OUT_REDIRECTS: Readonly<Record<string, RegExp>> = { '/account': /\/auth\?return=%2Faccount$/ };

test.describe('every page loads and hydrates without a CSP violation', () => {
  for (const { path } of BUILT_PAGES) {
    test(path, async ({ page }) => {
      const violations = await watchViolations(page);
      await page.goto(path);
      const redirect = SIGNED_OUT_REDIRECTS[path];
      if (redirect) await page.waitForURL(redirect);
      await hydrateAll(page);
      expect(violations).toEqual([]);
    });
  }
});

test('a signed-in customer: account page, header menu, checkout and payment success', async ({ page }) => {
  const violations = await watchViolations(page);
  await signUpAndIn(page, `csp.${Date.now()}@example.com`);
  await page.goto('/account');
  await expect(page.getByRole('region', { name: 'Account Information' })).toBeVisible();
  const header = page.getByRole('banner');
  await header.getByRole('button', { name: 'My Account' }).click();
  await expect(header.getByRole('menuitem', { name: 'Account overview' })).toBeVisible();
  await page.keyboard.press('Escape');

  await page.goto('/services/air-filter-replacement');
  await fillVisit(page.locator('#booking'));
  const popup = page.waitForEvent('popup');
  await page.getByRole('button', { name: /Book & Pay/ }).click();
  const checkout = await popup;
  const checkoutViolations = await watchViolations(checkout);
  await checkout.getByLabel('Name on card').fill('Pat Customer');
  await checkout.getByRole('button', { name: /^Pay \$/ }).click();
  await expect(checkout.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();
  expect([...violations, ...checkoutViolations]).toEqual([]);
});

test('article tools, the lead dialog, the plan form and the contact form', async ({ page }) => {
  const violations = await watchViolations(page);

  await page.goto('/blog/air-filter-replacement-guide');
  await hydrateAll(page);
  const calculator = page.getByRole('form', { name: 'Air filter schedule calculator' });
  await calculator.getByRole('button', { name: 'Calculate My Schedule' }).click();
  await expect(calculator.getByText(/^Based on your home's specific conditions/)).toBeVisible();
  await downloadGuide(page, GUIDES.schedule);

  await page.goto('/blog/diy-vs-professional-air-filter');
  await hydrateAll(page);
  const quiz = page.locator('astro-island[component-url*="DiyQuiz"]');
  for (const { question } of QUESTIONS)
    await quiz.getByRole('group', { name: question }).getByRole('radio').first().check();
  await quiz.getByRole('button', { name: 'Get My Recommendation' }).click();
  await expect(page.getByRole('heading', { name: /Our recommendation/ })).toBeVisible();

  await page.goto('/blog/air-filter-types-guide');
  await hydrateAll(page);
  const finder = page.getByRole('form', { name: 'Filter finder' });
  await finder.getByLabel('Home type').selectOption({ label: 'House' });
  await finder.getByLabel('Primary concern').selectOption({ label: 'General air quality' });
  await finder.getByLabel('System age').selectOption({ label: 'Newer than 5 years' });
  await finder.getByRole('button', { name: 'Find My Filter' }).click();
  await expect(page.getByRole('region', { name: 'Your filter match' })).toBeVisible();

  await page.goto('/autopilot-full');
  await hydrateAll(page);
  await page.locator('#get-started').getByRole('button', { name: 'Select Plan' }).click();
  await expect(page.getByRole('heading', { name: 'Your details for Autopilot Full' })).toBeVisible();

  await page.goto('/');
  await hydrateAll(page);
  const contact = page.locator('#contact');
  await contact.getByLabel('Name').fill('Pat Doe');
  await contact.getByLabel('Email').fill('pat@example.com');
  await contact.getByLabel('Phone').fill('417-555-0100');
  await contact.getByRole('button', { name: 'Send Request' }).click();
  await expect(page.getByText('Request Received')).toBeVisible();

  expect(violations).toEqual([]);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test("the policy lets a page's <noscript> style apply", async ({ page }) => {
    await page.goto('/blog/diy-vs-professional-air-filter');
    // Its <noscript> style hides the focus buttons that need a script; the build hashed it.
    await expect(page.locator('[data-focus-buttons]')).toBeHidden();
  });
});

test.describe('the built files', () => {
  test('every page has one policy that covers its inline code and allows no inline script', () => {
    for (const { file } of BUILT_PAGES) {
      const html = readFileSync(join(DIST, file), 'utf8');
      expect(auditPageCsp(html), file).toEqual([]);
      const policy = parsePolicy(/http-equiv="content-security-policy" content="([^"]*)"/.exec(html)?.[1] ?? '');
      expect(directive(policy, 'script-src'), file).not.toContain("'unsafe-inline'");
      expect(directive(policy, 'default-src'), file).toEqual(["'self'"]);
      expect(directive(policy, 'object-src'), file).toEqual(["'none'"]);
    }
  });

  test('pages and assets are served with the security headers, no HSTS on the local default, and no cookie', async ({
    request,
  }) => {
    for (const path of ['/', '/blog', '/no-such-page', '/favicon.svg']) {
      const res = await request.get(path);
      const headers = res.headers();
      for (const [name, value] of Object.entries(STATIC_SECURITY_HEADERS)) {
        expect(headers[name.toLowerCase()], `${path} ${name}`).toBe(value);
      }
      expect(headers['strict-transport-security'], path).toBeUndefined();
      expect(headers['set-cookie'], path).toBeUndefined();
    }
  });
});
