/**
 * Booking without a password (docs/product/accounts.md#e-mail-code, docs/product/services.md#booking-card): a new
 * address fills the booking card, continues with a code e-mailed to it (read from the local
 * mailbox), pays, and lands signed in on /payment-success; a wrong code says so and keeps every
 * choice; the password set later on /account signs in. And /auth's own 'E-mail me a code', with
 * the minute between codes said in words.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './test';
import { expectNoAxeViolations } from './a11y';
import { readyAuthForm } from './customer';
import { ADDRESS, bookingCard, DAY, fillVisit, VISIT } from './visit-fields';
import { CODE_WRONG } from '../../src/features/auth/messages';

/** The six-digit code of the newest mail to `to`, once one has come. */
async function mailedCode(page: Page, to: string): Promise<string> {
  let code = '';
  await expect
    .poll(async () => {
      const res = await page.request.get(`/_dev/mail.json?to=${encodeURIComponent(to)}`);
      const { messages } = (await res.json()) as { messages: { text: string }[] };
      code = /Or enter this code: (\d{6})/.exec(messages[0]?.text ?? '')?.[1] ?? '';
      return code;
    })
    .toMatch(/^\d{6}$/);
  return code;
}

/** Whether the page's browser holds a sign-in session (supabase-js's stored session). */
function signedIn(page: Page): Promise<boolean> {
  return page.evaluate(() => Object.keys(localStorage).some((key) => /^sb-.+-auth-token$/.test(key)));
}

const otherThan = (code: string) => (code === '000000' ? '111111' : '000000');
const NEW_PASSWORD = 'my-own-password-7';

test.use({ viewport: { width: 390, height: 844 } });

test('a new address books with an e-mail code: a wrong code keeps the card; pays; signed in; a password later', async ({
  page,
}, testInfo) => {
  const email = `code.${Date.now()}@example.com`;
  await page.goto('/services/air-filter-replacement');
  const card = await bookingCard(page);
  await card.getByRole('radio', { name: /^Premium/ }).check();
  await fillVisit(card);
  await card.getByRole('button', { name: /Book & Pay/ }).click();

  // The code step opens below the card, its Email field focused; the page stays where it is.
  const step = card.getByRole('region', { name: 'Continue with an e-mail code' });
  await expect(step.getByLabel('Email')).toBeFocused();
  await expect(page).toHaveURL(/\/services\/air-filter-replacement$/);
  await expect(step.getByRole('link', { name: 'Sign in instead' })).toHaveAttribute(
    'href',
    '/auth?return=%2Fservices%2Fair-filter-replacement%23booking',
  );
  await step.getByRole('button', { name: 'E-mail me a code' }).click();
  await expect(step.getByRole('alert')).toHaveText('Please enter your email');
  await step.getByLabel('Email').fill(email);
  await step.getByRole('button', { name: 'E-mail me a code' }).click();
  await expect(step.getByRole('status')).toHaveText(
    `We sent a six-digit code to ${email}. It works once, for 10 minutes.`,
  );
  await expect(step.getByLabel('Code')).toBeFocused();
  await expect(step.getByLabel('Code')).toHaveAttribute('autocomplete', 'one-time-code');
  await expectNoAxeViolations(page);
  await step.screenshot({ path: testInfo.outputPath('code-step-390.png') });
  const code = await mailedCode(page, email);

  // A wrong code: said in words, and nothing chosen or typed is lost.
  await step.getByLabel('Code').fill(otherThan(code));
  await step.getByRole('button', { name: 'Verify and pay' }).click();
  await expect(step.getByRole('alert')).toHaveText(CODE_WRONG);
  await expect(step.getByLabel('Code')).toHaveAttribute('aria-describedby', /.+/);
  await expect(card.getByRole('radio', { name: /^Premium/ })).toBeChecked();
  await expect(card.locator('output')).toHaveText('$30.00');
  await expect(card.getByLabel('Service address')).toHaveValue(VISIT.street);
  await expect(card.getByLabel('ZIP code')).toHaveValue(VISIT.zip);
  await expect(card.getByLabel('Phone')).toHaveValue(VISIT.phone);
  await expect(card.getByLabel('Preferred day')).toHaveValue(DAY.date);
  await expect(card.getByRole('radio', { name: 'Morning (8 AM-12 PM)' })).toBeChecked();
  await expect(card.getByLabel('Notes')).toHaveValue(VISIT.notes);
  expect(await signedIn(page)).toBe(false);

  // The right code: signed in on the way, and the checkout opens as for any customer.
  await step.getByLabel('Code').fill(code);
  const popup = page.waitForEvent('popup');
  await step.getByRole('button', { name: 'Verify and pay' }).click();
  const checkout = await popup;
  await expect(step).toBeHidden();
  expect(await signedIn(page)).toBe(true);
  await expect(checkout.getByRole('button', { name: 'Pay $30.00' })).toBeVisible();
  await expect(checkout.getByText(`Visit: ${ADDRESS}`)).toBeVisible();
  await checkout.getByLabel('Card number').fill('4242 4242 4242 4242');
  await checkout.getByLabel('Expiry (MM / YY)').fill('12 / 34');
  await checkout.getByLabel('CVC').fill('123');
  await checkout.getByLabel('Name on card').fill('Casey Code');
  await checkout.getByRole('button', { name: 'Pay $30.00' }).click();
  await expect(checkout).toHaveURL(/\/payment-success\?session_id=cs_test_/);
  await expect(checkout.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();
  await expect(checkout.getByText('Air Filter Replacement (Premium filter), $30.00')).toBeVisible();
  await expect(checkout.getByText(ADDRESS)).toBeVisible();
  expect(await signedIn(checkout)).toBe(true);

  // Later, on /account: a password of their own, which then signs in.
  await checkout.getByRole('link', { name: 'View Account' }).click();
  const security = checkout.getByRole('region', { name: 'Security' });
  await security.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
  await security.getByLabel('Confirm new password').fill('not-the-same-1');
  await security.getByRole('button', { name: 'Save Password' }).click();
  await expect(security.getByRole('alert')).toHaveText('Passwords do not match');
  await security.getByLabel('Confirm new password').fill(NEW_PASSWORD);
  await security.getByRole('button', { name: 'Save Password' }).click();
  await expect(security.getByRole('status')).toHaveText('Your password is saved. You can sign in with it from now on.');
  await expect(security.getByLabel('New password', { exact: true })).toHaveValue('');
  await expectNoAxeViolations(checkout);
  await security.screenshot({ path: testInfo.outputPath('account-security-390.png') });

  await security.getByRole('button', { name: 'Sign Out' }).click();
  await expect(checkout).toHaveURL(/\/$/);
  await checkout.goto('/auth');
  await readyAuthForm(checkout);
  await checkout.getByLabel('Email').fill(email);
  await checkout.getByLabel('Password', { exact: true }).fill(NEW_PASSWORD);
  await checkout.getByRole('button', { name: 'Sign In' }).click();
  await expect(checkout).toHaveURL(/\/account$/);
  await expect(checkout.getByRole('region', { name: 'Account Information' })).toContainText(email);
});

test("/auth's 'E-mail me a code': a second code within the minute is refused in words; the code signs in", async ({
  page,
}, testInfo) => {
  const email = `auth.code.${Date.now()}@example.com`;
  await page.goto('/auth');
  await readyAuthForm(page);
  await page.getByRole('button', { name: 'E-mail me a code' }).click();
  await expect(page.getByRole('heading', { name: 'Sign in with a code' })).toBeVisible();
  await expect(page.getByLabel('Email')).toBeFocused();
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'E-mail me a code' }).click();
  await expect(page.getByRole('status')).toContainText(`We sent a six-digit code to ${email}.`);
  const code = await mailedCode(page, email);

  await page.getByRole('button', { name: 'Send a new code' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    /^A code went to this address less than a minute ago\. Check your inbox and spam folder, or ask again in \d+ seconds?\.$/,
  );
  await expectNoAxeViolations(page);
  await page.locator('main').screenshot({ path: testInfo.outputPath('auth-code-390.png') });

  await page.getByLabel('Code').fill(code);
  await page.getByRole('button', { name: 'Verify code' }).click();
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole('region', { name: 'Account Information' })).toContainText('Verified');
});
