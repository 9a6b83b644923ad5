import { expect, type Page } from '@playwright/test';

export const PASSWORD = 'filters-every-90';

/**
 * Readies the sign-in form of the page: /auth's island loads when the visitor first uses the
 * form (docs/product/performance.md#after-paint-loading), so the e-mail field is focused, as a person about to
 * type would, and the island waited for. Other auth pages' islands load on their own.
 */
export async function readyAuthForm(page: Page): Promise<void> {
  const island = page.locator('main astro-island');
  if ((await island.getAttribute('opts'))?.includes('"interaction"')) await page.getByLabel('Email').focus();
  await expect(island).not.toHaveAttribute('ssr');
}

/** Creates an account on /auth, as a person would, up to 'Check your email to confirm your account!'. */
export async function signUp(page: Page, email: string, fullName = 'Sam Subscriber'): Promise<void> {
  await page.goto('/auth');
  await readyAuthForm(page);
  await page.getByRole('button', { name: 'Create one' }).click();
  await page.getByLabel('Full name').fill(fullName);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  const confirm = page.getByLabel('Confirm password');
  await confirm.fill(PASSWORD);
  // Sent from the last field, as a keyboard does: once in CI a click on 'Create Account' (the form
  // re-laid out after 'Create one') sent nothing. The button's own press is tested in accounts.spec.ts.
  await confirm.press('Enter');
  await expect(page.getByRole('status')).toHaveText('Check your email to confirm your account!');
}

/** Creates, confirms (through the local mailbox) and signs in a new customer, as a person would. */
export async function signUpAndIn(page: Page, email: string, fullName?: string): Promise<void> {
  await signUp(page, email, fullName);
  const res = await page.request.get(`/_dev/mail.json?to=${encodeURIComponent(email)}`);
  const { messages } = (await res.json()) as { messages: { links: string[] }[] };
  // The link lands on /auth/confirm, which signs in and opens the account (docs/product/accounts.md#email-confirmation).
  await page.goto(messages[0]?.links.find((l) => l.includes('/auth/v1/verify')) ?? '/');
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole('banner').getByRole('button', { name: 'My Account' })).toBeVisible();
}

/** Signs `email` in on /auth, as a person would, up to the account page. */
export async function signIn(page: Page, email: string): Promise<void> {
  await page.goto('/auth');
  await readyAuthForm(page);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/account$/);
}
