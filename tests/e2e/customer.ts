import { randomBytes } from 'node:crypto';
import { expect, type Page } from '@playwright/test';
import { readServiceKey } from '../../server/embedded/service-key.ts';
import type { Customer, Site } from './api-setup';

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

/** The site's anon key in the embedded default (src/lib/supabase.ts), which the auth API asks every caller for. */
export const ANON_KEY = 'embedded-anon-key';

/**
 * `customer` signed in once more, as on another device: a second session of the same account from
 * the password grant, so that one device's sign-out can be seen ending the other's session.
 */
export async function anotherSession(site: Site, customer: Customer): Promise<Customer> {
  const res = await fetch(`${site.origin}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { apikey: ANON_KEY, 'content-type': 'application/json' },
    body: JSON.stringify({ email: customer.email, password: customer.password }),
  });
  if (!res.ok) throw new Error(`The password grant answered ${res.status}: ${await res.text()}`);
  return { ...customer, session: (await res.json()) as Customer['session'] };
}

/**
 * An account made but never confirmed, as a sign-up leaves it before its mail is opened, through the
 * auth emulator's admin API (createUser without email_confirm): no mail goes out, so the first
 * confirmation mail a test asks for is not held back by the minute between mails. Answers its
 * address; its password is PASSWORD.
 */
export async function unconfirmedAccount(site: Site, label: string): Promise<string> {
  const serviceKey = readServiceKey(site.dataDir);
  if (!serviceKey) throw new Error(`No service key in ${site.dataDir}: has its server started?`);
  const email = `${label}-${Date.now().toString(36)}-${randomBytes(3).toString('hex')}@example.com`;
  const res = await fetch(`${site.origin}/auth/v1/admin/users`, {
    method: 'POST',
    headers: { apikey: serviceKey, authorization: `Bearer ${serviceKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD, user_metadata: { full_name: 'Wade Waiting' } }),
  });
  if (!res.ok) throw new Error(`createUser answered ${res.status}: ${await res.text()}`);
  return email;
}
