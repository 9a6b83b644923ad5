/**
 * The Content-Security-Policy holds on the built site in use: the islands in use (sign-up and
 * account, checkout and payment success, the article tools, the lead and plan dialogs, the contact
 * form) raise no violation, a page's <noscript> style applies, and the headers are those of
 * src/lib/security-headers.ts. Every page loading and hydrating its islands without a violation is
 * checked by the one visit per page of a11y-sweep.spec.ts; each built file's policy is read from
 * dist/ by tests/built/csp.test.ts.
 */
import { expect, test } from './test';
import { STATIC_SECURITY_HEADERS } from '../../src/lib/security-headers';
import { signUpAndIn } from './customer';
import { watchViolations } from './csp';
import { downloadGuide, GUIDES } from './lead-dialog';
import { QUESTIONS } from '@/features/diy-quiz/quiz';
import { fillVisit } from './visit-fields';
import { bringIntoView } from './scroll';
import { type Locator } from '@playwright/test';

/** Scrolls an island into view and waits until it has hydrated. */
async function hydrate(island: Locator): Promise<void> {
  await bringIntoView(island);
  await expect(island).not.toHaveAttribute('ssr');
}

test('the watcher sees a violation, so a quiet page is a clean one', async ({ page }) => {
  const violations = await watchViolations(page);
  await page.goto('/');
  await page.evaluate(() => document.body.setAttribute('style', 'outline: 1px solid red'));
  await expect.poll(() => violations.length).toBeGreaterThan(0);
  expect(violations.join('\n')).toContain('style-src');
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
  await hydrate(page.locator('astro-island[component-url*="ScheduleCalculator"]'));
  const calculator = page.getByRole('form', { name: 'Air filter schedule calculator' });
  await calculator.getByRole('button', { name: 'Calculate My Schedule' }).click();
  await expect(calculator.getByText(/^Based on your home's specific conditions/)).toBeVisible();
  await downloadGuide(page, GUIDES.schedule);

  await page.goto('/blog/diy-vs-professional-air-filter');
  const quiz = page.locator('astro-island[component-url*="DiyQuiz"]');
  await hydrate(quiz);
  for (const { question } of QUESTIONS)
    await quiz.getByRole('group', { name: question }).getByRole('radio').first().check();
  await quiz.getByRole('button', { name: 'Get My Recommendation' }).click();
  await expect(page.getByRole('heading', { name: /Our recommendation/ })).toBeVisible();

  await page.goto('/blog/air-filter-types-guide');
  await hydrate(page.locator('astro-island[component-url*="FilterFinder"]'));
  const finder = page.getByRole('form', { name: 'Filter finder' });
  await finder.getByLabel('Home type').selectOption({ label: 'House' });
  await finder.getByLabel('Primary concern').selectOption({ label: 'General air quality' });
  await finder.getByLabel('System age').selectOption({ label: 'Newer than 5 years' });
  await finder.getByRole('button', { name: 'Find My Filter' }).click();
  await expect(page.getByRole('region', { name: 'Your filter match' })).toBeVisible();

  await page.goto('/autopilot-full');
  await hydrate(page.locator('#get-started astro-island'));
  await page.locator('#get-started').getByRole('button', { name: 'Select Plan' }).click();
  await expect(page.getByRole('heading', { name: 'Your details for Autopilot Full' })).toBeVisible();

  await page.goto('/');
  const contact = page.locator('#contact');
  await bringIntoView(contact);
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

test.describe('as served', () => {
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
