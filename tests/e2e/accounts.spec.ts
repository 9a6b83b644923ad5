import { type Page } from '@playwright/test';
import { expect, test } from './test';
import { expectNoAxeViolations } from './a11y';
import { holdRequests } from './network';
import { PASSWORD, readyAuthForm, signIn } from './customer';
import { layoutShift, layoutShifts, recordLayoutShift } from './layout-shift';
import { newCustomer, sharedSite, signInContext } from './api-setup';

/** The confirmation link the local mailbox holds for `email`. */
async function confirmationLink(page: Page, email: string): Promise<string> {
  const res = await page.request.get(`/_dev/mail.json?to=${encodeURIComponent(email)}`);
  const { messages } = (await res.json()) as { messages: { links: string[] }[] };
  const link = messages[0]?.links.find((l) => l.includes('/auth/v1/verify'));
  if (!link) throw new Error(`no confirmation mail for ${email}`);
  return link;
}

async function openAuth(page: Page): Promise<void> {
  await page.goto('/auth');
  await readyAuthForm(page);
}

test.describe('accounts', () => {
  test('signing up as a person does: each validation message, the notice, the mailed link, signed in on /account', async ({
    page,
  }) => {
    // The one sign-up through the form and the mailbox; every other spec makes its customer
    // through the APIs (api-setup.ts).
    const email = `pat.${Date.now()}@example.com`;
    await openAuth(page);
    await page.getByRole('button', { name: 'Create one' }).click();
    await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
    const submit = page.getByRole('button', { name: 'Create Account' });
    await submit.click();
    await expect(page.getByRole('alert')).toHaveText('You must provide either an email or phone number and a password');
    await page.getByLabel('Full name').fill('Pat Customer');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('12345');
    await page.getByLabel('Confirm password').fill('12345');
    await submit.click();
    await expect(page.getByRole('alert')).toHaveText('Password must be at least 6 characters');
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Confirm password').fill(`${PASSWORD}x`);
    await submit.click();
    await expect(page.getByRole('alert')).toHaveText('Passwords do not match');
    await page.getByLabel('Confirm password').fill(PASSWORD);
    await submit.click();
    await expect(page.getByRole('status')).toHaveText('Check your email to confirm your account!');
    await expectNoAxeViolations(page);

    // The mailed link lands on /auth/confirm, which goes on to the account once supabase-js has the session.
    await page.goto(await confirmationLink(page, email));
    await expect(page).toHaveURL(/\/account$/);
    const header = page.getByRole('banner');
    await expect(header.getByRole('link', { name: 'Sign In' })).toBeHidden();
    await header.getByRole('button', { name: 'My Account' }).click();
    await expect(header.getByRole('menuitem', { name: 'Account overview' })).toHaveAttribute('href', '/account');
    await expect(header.getByRole('menuitem', { name: 'Sign Out' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(header.getByRole('menuitem', { name: 'Account overview' })).toBeHidden();
    await expect(header.getByRole('button', { name: 'My Account' })).toBeFocused();

    await page.goto('/auth');
    await expect(page).toHaveURL(/\/$/);

    await page.goto('/account');
    await expect(page.getByText(email)).toBeVisible();
    await expect(page.getByText('Verified', { exact: true })).toBeVisible();
    await expect(page.getByText('No Active Plan')).toBeVisible();
    const sessionId = page.getByRole('region', { name: 'Security' }).locator('.font-mono');
    await expect(sessionId).toHaveText(/^[0-9a-f-]{20}$/);
    const actions = page.getByRole('region', { name: 'Quick Actions' }).getByRole('link');
    await expect(actions).toHaveCount(2);
    await expectNoAxeViolations(page);

    await page.getByRole('button', { name: 'Sign Out' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(header.getByRole('link', { name: 'Sign In' })).toBeVisible();
  });

  test('signed out, the account page sends you to sign in before loading any library or its stylesheet', async ({
    page,
  }) => {
    const scripts: string[] = [];
    const stylesheets: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.endsWith('.js')) scripts.push(request.url());
      if (request.resourceType() === 'stylesheet') stylesheets.push(`${request.frame().url()} ${request.url()}`);
    });
    await page.goto('/account');
    await expect(page).toHaveURL(/\/auth\?return=/);
    expect(new URL(page.url()).searchParams.get('return')).toBe('/account');
    await page.waitForLoadState('networkidle');
    // Neither React nor the sign-in client, nor the account page's code: no script file at all.
    expect(scripts).toEqual([]);
    // The stylesheet once, for the sign-in page: /account left before asking for it.
    expect(stylesheets).toHaveLength(1);
  });

  test('a wrong password and a taken address get the messages of docs/product/messages.md#messages; the toggle clears the fields and the error', async ({
    page,
  }) => {
    const { email } = await newCustomer(sharedSite(), { label: 'pat-taken', name: 'Pat Customer' });
    await openAuth(page);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByRole('alert')).toHaveText('Invalid email or password');

    await page.getByRole('button', { name: 'Create one' }).click();
    await expect(page.getByRole('alert')).toHaveCount(0);
    await expect(page.getByLabel('Email')).toHaveValue('');
    await page.getByLabel('Full name').fill('Pat Again');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Confirm password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByRole('alert')).toHaveText(
      'An account with this email already exists. Please sign in instead.',
    );
  });

  test('signing in goes to the account page', async ({ page }) => {
    const { email } = await newCustomer(sharedSite(), { label: 'pat-signin', name: 'Pat Customer' });
    await openAuth(page);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/account$/);
    await expect(page.getByText(email)).toBeVisible();
    await expect(page.getByRole('region', { name: 'Your Orders' })).toContainText('No paid orders yet.');

    // The header's account menu signs out too.
    const header = page.getByRole('banner');
    await header.getByRole('button', { name: 'My Account' }).click();
    await header.getByRole('menuitem', { name: 'Sign Out' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(header.getByRole('link', { name: 'Sign In' })).toBeVisible();
  });

  test('a form filled and sent before it has hydrated signs in once it has, with nothing in the address bar', async ({
    page,
  }) => {
    const { email } = await newCustomer(sharedSite(), { label: 'pat-early', name: 'Pat Customer' });
    // Hold the form's script, as a slow phone would, so the typing and the press come first.
    const release = await holdRequests(page, /\/_astro\/AuthForm\.[\w-]+\.js$/);
    await page.goto('/auth', { waitUntil: 'domcontentloaded' });
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.locator('main astro-island')).toHaveAttribute('ssr');
    expect(new URL(page.url()).search).toBe('');

    release();
    await expect(page).toHaveURL(/\/account$/);
    await expect(page.getByText(email)).toBeVisible();
  });
});

/** Read while the page is being left (a sign-out's navigation): no answer yet, so a poll asks again. */
const LEAVING = 'the page is being left';

/** What the account page keeps in this browser (docs/product/accounts.md#account-page), or null. */
const keptSummary = (page: Page) =>
  page
    .evaluate(() => localStorage.getItem('account-summary'))
    .catch((error: unknown) => {
      if (error instanceof Error && /Execution context was destroyed/.test(error.message)) return LEAVING;
      throw error;
    });

/**
 * Holds the next answers of /api/account until released, then gives them with `change` applied:
 * what the page shows before the server has answered can be checked, then the fresh answer.
 */
async function holdAccountApi(
  page: Page,
  change: (summary: { orders: unknown[] }) => unknown = (summary) => summary,
): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/account', async (route) => {
    await held;
    const response = await route.fetch();
    await route.fulfill({ response, json: change((await response.json()) as { orders: unknown[] }) });
  });
  return release;
}

test('signed in, the account page draws its sections without moving what is already on screen', async ({
  context,
  page,
}) => {
  const site = sharedSite();
  await signInContext(context, site, await newCustomer(site, { label: 'shift', name: 'Cal Shift' }));
  await recordLayoutShift(page);
  await page.goto('/account');
  await expect(page.getByRole('region', { name: 'Your Orders' })).toContainText('No paid orders yet.');
  await page.waitForLoadState('networkidle');
  // Before the panel filled the screen, the footer sat in view and was pushed out (CLS 0.12-0.25).
  expect(await layoutShift(page), (await layoutShifts(page)).join('\n')).toBeLessThan(0.01);
});

test.describe('the account page keeps the last known summary', () => {
  // The page asks /api/account again when its token changes or it is shown again, which can be as
  // the test closes it: that answer then finds its response disposed, no failure of the page.
  test.afterEach(async ({ page }) => {
    await page.unrouteAll({ behavior: 'ignoreErrors' });
  });

  test('signed in, a second visit shows it before the server answers, then the fresh one; sign-out clears it', async ({
    context,
    page,
  }) => {
    const site = sharedSite();
    const customer = await newCustomer(site, { label: 'kept', name: 'Kim Kept' });
    const { email } = customer;
    await signInContext(context, site, customer);
    await page.goto('/account');
    const orders = page.getByRole('region', { name: 'Your Orders' });
    await expect(orders).toContainText('No paid orders yet.');
    await expect.poll(() => keptSummary(page)).toContain(email);

    // The fresh answer, once released, carries an order the kept one does not.
    const release = await holdAccountApi(page, (summary) => ({
      ...summary,
      orders: [
        {
          orderNumber: 'SHM-4242',
          description: 'Air Filter Replacement (Premium filter)',
          amountCents: 8900,
          currency: 'usd',
          paidAt: '2026-11-20T15:00:00Z',
          status: 'paid',
        },
      ],
    }));
    await page.goto('/account');
    await expect(page.getByRole('region', { name: 'Account Information' })).toContainText(email);
    await expect(orders).toContainText('No paid orders yet.');
    await expect(page.getByText('Loading your account...')).toHaveCount(0);
    release();
    await expect(orders).toContainText('SHM-4242');
    await expect(orders).not.toContainText('No paid orders yet.');
    await expect.poll(() => keptSummary(page)).toContain('SHM-4242');
    await page.unroute('**/api/account');

    await page.getByRole('region', { name: 'Security' }).getByRole('button', { name: 'Sign Out' }).click();
    await expect(page).toHaveURL(/\/$/);
    expect(await keptSummary(page)).toBeNull();
  });

  test("a second customer on the same browser never sees the first one's summary", async ({ context, page }) => {
    const site = sharedSite();
    const firstCustomer = await newCustomer(site, { label: 'first', name: 'Fay First' });
    const first = firstCustomer.email;
    await signInContext(context, site, firstCustomer);
    await page.goto('/account');
    await expect.poll(() => keptSummary(page)).toContain(first);
    const firstKept = await keptSummary(page);

    const header = page.getByRole('banner');
    await header.getByRole('button', { name: 'My Account' }).click();
    await header.getByRole('menuitem', { name: 'Sign Out' }).click();
    await expect(header.getByRole('link', { name: 'Sign In' })).toBeVisible();
    // Signing out on the account page leaves for home (docs/product/accounts.md#sign-out), after the
    // device's stores are deleted: the next step must not start before it has landed.
    await expect(page).toHaveURL(/\/$/);
    await expect.poll(() => keptSummary(page)).toBeNull();

    // The second signs in on the same browser, through the form as a person would.
    const { email: second } = await newCustomer(site, { label: 'second', name: 'Sid Second' });
    await signIn(page, second);
    // Even should the first customer's entry be there (written back by hand), it is not theirs.
    await page.evaluate((text) => localStorage.setItem('account-summary', text ?? ''), firstKept);
    const release = await holdAccountApi(page);
    await page.goto('/account');
    const info = page.getByRole('region', { name: 'Account Information' });
    await expect(info.or(page.getByText('Loading your account...')).first()).toBeVisible();
    await expect(page.getByText(first)).toHaveCount(0);
    release();
    await expect(info).toContainText(second);
    await expect(page.getByText(first)).toHaveCount(0);
    await expect.poll(() => keptSummary(page)).toContain(second);
    expect(await keptSummary(page)).not.toContain(first);
  });
});
