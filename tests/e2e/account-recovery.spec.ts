/**
 * Getting back into an account, and sign-in that never leaks (docs/product/accounts.md#password-reset,
 * docs/product/accounts.md#email-confirmation, docs/product/accounts.md#sign-in, docs/product/accounts.md#session-checks,
 * docs/product/accounts.md#sign-out):
 * the flows as a customer meets them in Chromium, against the built site and the real server.
 * Each test makes its own customer through the APIs (api-setup.ts) and goes through the pages
 * only for the step it is about. What the auth emulator answers (a link replaced by the next
 * mail, the minute between mails, the sessions a reset or a sign-out ends, the 401 of an ended
 * session) is held by tests/integration/auth-recovery.test.ts and auth-browser.test.ts.
 */
import { type Page } from '@playwright/test';
import { expect, test } from './test';
import { startFreshServer, type ServerProcess } from '../support/server';
import { expectNoAxeViolations } from './a11y';
import { bookAndPay, newCustomer, sharedSite, signInContext } from './api-setup';
import { ANON_KEY, anotherSession, PASSWORD, readyAuthForm, unconfirmedAccount } from './customer';
import { holdRequests } from './network';
import { bringIntoView } from './scroll';
import { DAY, fillVisit, VISIT } from './visit-fields';
import { bookingVisit } from '../support/visit';

const NEW_PASSWORD = 'a-brand-new-one-2';
const RESET_NOTICE =
  'If an account exists for that address, we have sent it a link to choose a new password. Check your email.';
const SESSION_ENDED = 'Your session has ended. Please sign in again.';
const RESET_SUBJECT = 'Reset your password';
const CONFIRM_SUBJECT = 'Confirm Your Signup';
const CONFIRM_LINK_FAILED = 'This confirmation link has expired or has already been used.';
const RESET_LINK_FAILED = 'This password reset link has expired or has already been used. Ask for a new one below.';

/** The first link of the newest mail to `email` whose subject is `subject`. */
async function mailedLink(page: Page, email: string, subject: string): Promise<string> {
  const res = await page.request.get(`/_dev/mail.json?to=${encodeURIComponent(email)}`);
  const { messages } = (await res.json()) as { messages: { subject: string; links: string[] }[] };
  const link = messages.find((m) => m.subject === subject)?.links[0];
  if (!link) throw new Error(`no mail "${subject}" for ${email}`);
  return link;
}

/** How many mails `email` has received (whose subject is `subject`, when given). */
async function mailCount(page: Page, email: string, subject?: string): Promise<number> {
  const res = await page.request.get(`/_dev/mail.json?to=${encodeURIComponent(email)}`);
  const { messages } = (await res.json()) as { messages: { subject: string }[] };
  return messages.filter((m) => subject === undefined || m.subject === subject).length;
}

/** Asks for a reset link for `email` on /auth/reset, as a visitor would, up to the answer. */
async function askForReset(page: Page, email: string): Promise<void> {
  await page.goto('/auth/reset');
  await expect(page.locator('main astro-island')).not.toHaveAttribute('ssr');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(page.getByRole('status')).toHaveText(RESET_NOTICE);
}

/** Checks that this browser holds no session: the account page sends it to sign in. */
async function expectSignedOut(page: Page): Promise<void> {
  expect(await storedAccessToken(page)).toBe('');
  await page.goto('/account');
  await expect(page).toHaveURL(/\/auth\?return=%2Faccount$/);
}

/** Opens /auth and waits for the form's island to run. */
async function openAuth(page: Page, path = '/auth'): Promise<void> {
  await page.goto(path);
  await readyAuthForm(page);
}

/** The access token supabase-js keeps for this page's origin. */
async function storedAccessToken(page: Page): Promise<string> {
  return page.evaluate(() => {
    const key = Object.keys(localStorage).find((k) => /^sb-.+-auth-token$/.test(k)) ?? '';
    return (JSON.parse(localStorage.getItem(key) ?? '{}') as { access_token?: string }).access_token ?? '';
  });
}

test.describe('getting back into an account', () => {
  test('forgot password, end to end: mail, link, new password twice, signed in on /account', async ({
    page,
    browser,
  }) => {
    const site = sharedSite();
    const customer = await newCustomer(site, { label: 'reset' });
    const { email } = customer;
    // A second browser, signed in before the reset.
    const otherContext = await browser.newContext();
    await signInContext(otherContext, site, customer);
    const other = await otherContext.newPage();
    await other.goto('/account');
    await expect(other.getByText(email)).toBeVisible();

    const visitor = page;
    await openAuth(visitor);
    await visitor.getByRole('link', { name: 'Forgot password?' }).click();
    await expect(visitor).toHaveURL(/\/auth\/reset$/);
    await expect(visitor.locator('main astro-island')).not.toHaveAttribute('ssr');
    await expect(visitor.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
    await visitor.getByRole('button', { name: 'Send Reset Link' }).click();
    await expect(visitor.getByRole('alert')).toHaveText('Please enter your email');
    // An address without an account gets the very same answer.
    await visitor.getByLabel('Email').fill(`nobody.${Date.now()}@example.com`);
    await visitor.getByRole('button', { name: 'Send Reset Link' }).click();
    await expect(visitor.getByRole('status')).toHaveText(RESET_NOTICE);
    await visitor.getByLabel('Email').fill(email);
    await visitor.getByRole('button', { name: 'Send Reset Link' }).click();
    await expect(visitor.getByRole('status')).toHaveText(RESET_NOTICE);

    const link = await mailedLink(visitor, email, RESET_SUBJECT);
    await visitor.goto(link);
    await expect(visitor.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
    await expect(visitor).toHaveURL(/\/auth\/reset$/);
    await expectNoAxeViolations(visitor);
    const submit = visitor.getByRole('button', { name: 'Set New Password' });
    await visitor.getByLabel('New password', { exact: true }).fill('12345');
    await visitor.getByLabel('Confirm new password').fill('12345');
    await submit.click();
    await expect(visitor.getByRole('alert')).toHaveText('Password must be at least 6 characters');
    await visitor.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
    await visitor.getByLabel('Confirm new password').fill(`${NEW_PASSWORD}x`);
    await submit.click();
    await expect(visitor.getByRole('alert')).toHaveText('Passwords do not match');
    await visitor.getByLabel('Confirm new password').fill(NEW_PASSWORD);
    await submit.click();
    await expect(visitor).toHaveURL(/\/account$/);
    await expect(visitor.getByText(email)).toBeVisible();

    // The old password no longer signs in; the new one does.
    const again = await (await browser.newContext()).newPage();
    await openAuth(again);
    await again.getByLabel('Email').fill(email);
    await again.getByLabel('Password').fill(PASSWORD);
    await again.getByRole('button', { name: 'Sign In' }).click();
    await expect(again.getByRole('alert')).toHaveText('Invalid email or password');
    await again.context().close();

    // The browser signed in before the reset is signed out at its next call.
    await other.reload();
    await expect(other).toHaveURL(/\/auth\?return=%2Faccount$/);
    await otherContext.close();

    // The used link now says so, and its error is not left in the address bar.
    await visitor.goto(link);
    await expect(visitor.getByRole('alert')).toHaveText(RESET_LINK_FAILED);
    expect(new URL(visitor.url()).hash).toBe('');
    await expectNoAxeViolations(visitor);
  });

  test('a session ended on another device: Book & Pay signs this one out and goes to sign in, the card kept', async ({
    context,
    page,
    browser,
  }) => {
    const site = sharedSite();
    const customer = await newCustomer(site, { label: 'ended' });
    const { email } = customer;
    await signInContext(context, site, customer);
    // The other device has a session of its own.
    const otherContext = await browser.newContext();
    await signInContext(otherContext, site, await anotherSession(site, customer));
    const other = await otherContext.newPage();
    await other.goto('/account');
    await expect(other.getByText(email)).toBeVisible();

    await page.goto('/services/dryer-vent-cleaning');
    const card = page.locator('#booking');
    await bringIntoView(card);
    await expect(card.locator('astro-island')).not.toHaveAttribute('ssr');
    await fillVisit(card);

    // 'Sign Out' on the other device ends this session too; this one's access token has not expired.
    await other.getByRole('region', { name: 'Security' }).getByRole('button', { name: 'Sign Out' }).click();
    await expect(other).toHaveURL(/\/$/);
    await otherContext.close();
    const alerts: string[] = [];
    page.on('dialog', (dialog) => {
      alerts.push(dialog.message());
      void dialog.accept();
    });
    await card.getByRole('button', { name: /Book & Pay/ }).click();

    // Told, signed out here, and on the sign-in form (no longer sent away by the stored token).
    await expect(page).toHaveURL(/\/auth\?return=%2Fservices%2Fdryer-vent-cleaning%23booking$/);
    expect(alerts).toEqual([SESSION_ENDED]);
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    await expect(page.getByRole('banner').getByRole('link', { name: 'Sign In' })).toBeVisible();
    await readyAuthForm(page);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();

    // Back on the card, with everything typed before.
    await expect(page).toHaveURL(/\/services\/dryer-vent-cleaning#booking$/);
    await expect(card.locator('astro-island')).not.toHaveAttribute('ssr');
    await expect(card.getByLabel('Service address')).toHaveValue(VISIT.street);
    await expect(card.getByLabel('Phone')).toHaveValue(VISIT.phone);
    await expect(card.getByLabel('Preferred day')).toHaveValue(DAY.date);
    await expect(card.getByLabel('Notes')).toHaveValue(VISIT.notes);
    await expect(page.getByRole('banner').getByRole('button', { name: 'My Account' })).toBeVisible();
  });

  test('a reset link survives a reload of its tab, and only there', async ({ page }) => {
    const { email } = await newCustomer(sharedSite(), { label: 'reload' });
    const visitor = page;
    await askForReset(visitor, email);
    await visitor.goto(await mailedLink(visitor, email, RESET_SUBJECT));
    const choose = visitor.getByRole('heading', { name: 'Choose a new password' });
    await expect(choose).toBeVisible();

    // The link's tokens are gone from the address; a reload (or a phone restoring the tab) still offers it.
    await visitor.reload();
    await expect(choose).toBeVisible();
    await expect(visitor).toHaveURL(/\/auth\/reset$/);

    // Another tab of the same browser, signed in by the same session, has not opened the link.
    const tab = await visitor.context().newPage();
    await tab.goto('/auth/reset');
    await expect(tab.locator('main astro-island')).not.toHaveAttribute('ssr');
    await expect(tab.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
    await tab.goto('/account');
    await expect(tab.getByText(email)).toBeVisible();
    await expect(tab.getByRole('link', { name: 'Choose a new password' })).toHaveCount(0);
    await tab.close();

    // The link's tab, wandered off to its account, finds the way back.
    await visitor.goto('/account');
    await visitor
      .getByRole('region', { name: 'Security' })
      .getByRole('link', { name: 'Choose a new password' })
      .click();
    await expect(choose).toBeVisible();
    await visitor.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
    await visitor.getByLabel('Confirm new password').fill(NEW_PASSWORD);
    await visitor.getByRole('button', { name: 'Set New Password' }).click();
    await expect(visitor).toHaveURL(/\/account$/);
    await expect(visitor.getByText(email)).toBeVisible();

    // Set once, the offer is gone: the reset page asks for a link again.
    await visitor.goto('/auth/reset');
    await expect(visitor.locator('main astro-island')).not.toHaveAttribute('ssr');
    await expect(visitor.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
  });

  test('a sign-out the sign-in service never gets still signs this device out, and says the others may not be', async ({
    context,
    page,
  }) => {
    const site = sharedSite();
    const customer = await newCustomer(site, { label: 'offline' });
    await signInContext(context, site, customer);
    await page.goto('/account');
    await page.route('**/auth/v1/logout**', (route) => route.abort('internetdisconnected'));
    await page.getByRole('region', { name: 'Security' }).getByRole('button', { name: 'Sign Out' }).click();
    await expect(page).toHaveURL(/\/auth#signed-out-here$/);
    await expect(page.getByRole('status')).toHaveText(
      'Signed out on this device only. The sign-in service could not be reached, so your other devices may ' +
        'still be signed in. To sign them out too, sign in again later and choose Sign Out.',
    );
    await expect(page.getByRole('banner').getByRole('link', { name: 'Sign In' })).toBeVisible();
    await expectNoAxeViolations(page);

    // Said once: the island takes the fragment out of the address and keeps the notice.
    await readyAuthForm(page);
    await expect(page).toHaveURL(/\/auth$/);
    await expect(page.getByRole('status')).toContainText('Signed out on this device only.');

    // From the header on a page anyone may read, the page stays and a toast says it.
    await page.getByLabel('Email').fill(customer.email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/account$/);
    await page.goto('/about');
    const header = page.getByRole('banner');
    await header.getByRole('button', { name: 'My Account' }).click();
    await header.getByRole('menuitem', { name: 'Sign Out' }).click();
    await expect(page.getByRole('alert')).toContainText('Signed out on this device only');
    await expect(header.getByRole('link', { name: 'Sign In' })).toBeVisible();
    await expect(page).toHaveURL(/\/about$/);
  });

  test('a signed-in visitor opening /auth is sent on before the sign-in script has loaded', async ({
    context,
    page,
  }) => {
    const site = sharedSite();
    await signInContext(context, site, await newCustomer(site, { label: 'here' }));
    const release = await holdRequests(page, /\/_astro\/AuthForm\.[\w-]+\.js$/);
    await page.goto('/auth', { waitUntil: 'commit' });
    await expect(page).toHaveURL(/\/$/);
    release();
  });

  test('a sign-in that cannot reach the sign-in service says so in words', async ({ page }) => {
    await openAuth(page);
    await page.route('**/auth/v1/token**', (route) => route.abort('internetdisconnected'));
    await page.getByLabel('Email').fill('pat@example.com');
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByRole('alert')).toHaveText(
      'We could not reach the sign-in service. Check your internet connection and try again.',
    );
    await expect(page.getByRole('alert')).not.toContainText('Failed to fetch');
  });

  test('/auth#needs-javascript explains, while the form has not come to life', async ({ page }) => {
    await holdRequests(page, /\/_astro\/AuthForm\.[\w-]+\.js$/);
    await page.goto('/auth#needs-javascript', { waitUntil: 'domcontentloaded' });
    await expect(page.getByText(/^Sign-in needs JavaScript, and it has not loaded yet\./)).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('/account with an order fits a 390 x 844 phone without sideways scrolling', async ({ context, page }) => {
    const site = sharedSite();
    const customer = await newCustomer(site, { label: 'phone', name: 'Pat Phone' });
    await signInContext(context, site, customer);
    await bookAndPay(site, customer, {
      service: 'air-filter-replacement',
      options: { filterQuality: 'premium' },
      visit: bookingVisit(),
    });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/account');
    const orders = page.getByRole('region', { name: 'Your Orders' });
    await expect(orders.getByText('Air Filter Replacement (Premium filter)').filter({ visible: true })).toBeVisible();
    const { scrollWidth, clientWidth } = await page.evaluate(() => ({
      scrollWidth: document.documentElement.scrollWidth,
      clientWidth: document.documentElement.clientWidth,
    }));
    expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
    // On a phone each order is a block of the list, not a row of a table.
    await expect(orders.getByRole('listitem')).toHaveCount(1);
    await expectNoAxeViolations(page);
  });

  test('sign in before confirming, ask for the mail again, confirm with it; used, the link says so', async ({
    page,
  }) => {
    // An account whose sign-up was never confirmed, made with no mail sent: the resend goes at once.
    const email = await unconfirmedAccount(sharedSite(), 'wait');
    await openAuth(page);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    const alert = page.getByRole('alert');
    await expect(alert).toContainText('Email not confirmed');
    await expectNoAxeViolations(page);
    await alert.getByRole('button', { name: 'Send the confirmation e-mail again' }).click();
    await expect(page.getByRole('status')).toHaveText(
      'If this address still needs confirming, a new confirmation e-mail is on its way.',
    );
    expect(await mailCount(page, email, CONFIRM_SUBJECT)).toBe(1);

    const link = await mailedLink(page, email, CONFIRM_SUBJECT);
    await page.goto(link);
    await expect(page).toHaveURL(/\/account$/);
    await expect(page.getByText('Verified', { exact: true })).toBeVisible();

    // Used once, the link says so, with the way on, and its error is not left in the address bar.
    await page.goto(link);
    await expect(page.getByRole('alert')).toHaveText(CONFIRM_LINK_FAILED);
    expect(new URL(page.url()).hash).toBe('');
    await expect(page.getByRole('link', { name: 'Go to Sign In' })).toHaveAttribute('href', '/auth');
  });
});

test.describe('a link whose return address is not allowed', () => {
  test('a spent link returned to the home page is sent on and explained, the address bar clean, no script loaded on the way', async ({
    page,
  }) => {
    // A confirmation mail asked for (as the resend button does) and its link opened once, outside the browser.
    const email = await unconfirmedAccount(sharedSite(), 'spent');
    const resent = await page.request.post('/auth/v1/resend', {
      headers: { apikey: ANON_KEY },
      data: { type: 'signup', email },
    });
    expect(resent.status()).toBe(200);
    const mailed = await mailedLink(page, email, CONFIRM_SUBJECT);
    expect((await page.request.get(mailed, { maxRedirects: 0 })).status()).toBe(303);
    // The hosted service returns a link whose return address is off its list to its Site URL (the
    // home page); the emulator does the same for another origin.
    const link = new URL(mailed);
    link.searchParams.set('redirect_to', 'https://elsewhere.example/auth/confirm');

    const visitor = page;
    const requests: string[] = [];
    visitor.on('request', (request) => {
      const kind = request.resourceType();
      if (kind === 'document' || kind === 'script') requests.push(`${kind} ${new URL(request.url()).pathname}`);
    });
    await visitor.goto(link.href);
    await expect(visitor.getByRole('alert')).toHaveText(CONFIRM_LINK_FAILED);
    await expect(visitor.getByRole('heading', { name: 'Confirm your email' })).toBeVisible();
    await expect(visitor.getByRole('link', { name: 'Go to Sign In' })).toHaveAttribute('href', '/auth');
    await expect(visitor).toHaveURL(/\/auth\/confirm$/);
    expect(new URL(visitor.url()).hash).toBe('');
    // The home page went on before it ran or fetched any script: no sign-in client, no React.
    expect(requests.slice(0, requests.indexOf('document /auth/confirm'))).toEqual([
      'document /auth/v1/verify',
      'document /',
    ]);
    // Nor is the error left in the history: back is where the visitor came from.
    expect(await visitor.evaluate(() => history.length)).toBe(2);
    await expectNoAxeViolations(visitor);
    // And it signed no one in.
    await expectSignedOut(visitor);
  });
});

test.describe('without JavaScript', () => {
  let server: ServerProcess;

  test.beforeAll(async () => {
    // A server of its own, to read everything it prints.
    server = await startFreshServer({ prefix: 'shm-e2e-nojs-' });
  });

  test.afterAll(async () => {
    await server?.stop();
  });

  test('submitting /auth posts: no password in the address bar or the server log, and the page says why', async ({
    browser,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    const secret = `never-in-a-url-${Date.now()}`;
    await page.goto(`${server.origin}/auth`);
    await page.getByLabel('Email').fill('pat@example.com');
    await page.getByLabel('Password').fill(secret);
    const posted = page.waitForRequest((req) => req.url().endsWith('/api/auth-form'));
    await page.getByRole('button', { name: 'Sign In' }).click();
    expect((await posted).method()).toBe('POST');
    await expect(page).toHaveURL(`${server.origin}/auth#needs-javascript`);
    await expect(page.getByText(/^Sign-in needs JavaScript, and it has not loaded yet\./)).toBeVisible();
    expect(page.url()).not.toContain(secret);
    expect(page.url()).not.toContain('pat%40example.com');
    expect(server.output()).not.toContain(secret);
    await context.close();
  });
});
