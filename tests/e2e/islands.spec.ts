/**
 * The islands of issue 20: which parts are React islands, early input carried over with the
 * islands' scripts delayed, the header's account menu on the auth store, and nothing loaded for a
 * reader without a session until a tool is near view.
 */
import { type BrowserContext, type Page } from '@playwright/test';
import { expect, test } from './test';
import { expectNoAxeViolations } from './a11y';
import { newCustomer, sharedSite, signInContext } from './api-setup';
import { QUESTIONS } from '@/features/diy-quiz/quiz';
import { recommendedDays, scheduleMessage } from '@/features/schedule-calculator/schedule';
import { servicePriceCents } from '@/features/booking/pricing';
import { formatCents } from '@/lib/format';
import { bringIntoView } from './scroll';
import { layoutShift, layoutShifts, recordLayoutShift } from './layout-shift';
import { idlePreloadsLoaded } from '../support/idle-preload';

/**
 * Delays every script the islands fetch (components, React, shared chunks) by 800 ms, as a slow
 * phone would, and holds them until `inputsMade` is called: what the test does first then surely
 * comes before hydration, however slow the machine running it.
 */
async function delayIslandScripts(page: Page): Promise<{ inputsMade: () => void }> {
  let inputsMade!: () => void;
  const made = new Promise<void>((resolve) => (inputsMade = resolve));
  await page.route(/\/_astro\/.+\.js$/, async (route) => {
    await Promise.all([made, new Promise((resolve) => setTimeout(resolve, 800))]);
    await route.continue();
  });
  return { inputsMade };
}

/** Makes a customer through the APIs and stores their session in the test's fresh browser context. */
async function signedIn(context: BrowserContext, label: string): Promise<void> {
  const site = sharedSite();
  await signInContext(context, site, await newCustomer(site, { label }));
}

/** The island of a component, by its file name. */
const island = (page: Page, component: string) => page.locator(`astro-island[component-url*="/${component}."]`);

test('each named part is an astro-island of a React component in the built HTML', async ({ request }) => {
  const expected: Record<string, string[]> = {
    '/': ['AccountMenu', 'MobileAccountLinks', 'SubscribeButton'],
    '/blog/air-filter-replacement-guide': ['ScheduleCalculator'],
    '/blog/hidden-costs-neglecting-air-filter': ['HiddenCostsCalculator'],
    '/blog/diy-vs-professional-air-filter': ['DiyQuiz', 'CostCalculator'],
    '/blog/air-filter-types-guide': ['FilterFinder'],
    '/auth': ['AuthForm'],
    '/account': ['AccountPanel'],
    '/autopilot-full': ['PlanSignup'],
  };
  for (const [path, components] of Object.entries(expected)) {
    const html = await (await request.get(path)).text();
    const urls = [...html.matchAll(/<astro-island[^>]*component-url="\/_astro\/([A-Za-z]+)\./g)].map((m) => m[1]);
    expect(urls, path).toEqual(expect.arrayContaining(components));
    // The React renderer hydrates every one of them.
    expect(html, path).toMatch(/<astro-island[^>]*renderer-url="\/_astro\/client\.[\w-]+\.js"/);
  }
});

test.describe('early input, with the islands’ scripts delayed by 800 ms', () => {
  test('five quiz answers ticked before hydration count 5 of 5 and recommend', async ({ page }) => {
    const { inputsMade } = await delayIslandScripts(page);
    await page.goto('/blog/diy-vs-professional-air-filter', { waitUntil: 'domcontentloaded' });
    const quiz = island(page, 'DiyQuiz');
    await bringIntoView(quiz);
    for (const q of QUESTIONS) await quiz.getByRole('group', { name: q.question }).getByRole('radio').first().check();
    expect(await quiz.getAttribute('ssr'), 'answered before hydration').not.toBeNull();
    inputsMade();

    await expect(quiz).not.toHaveAttribute('ssr');
    await expect(quiz.getByText('All five questions answered.')).toBeVisible();
    for (const q of QUESTIONS) {
      await expect(quiz.getByRole('group', { name: q.question }).getByRole('radio').first()).toBeChecked();
    }
    await quiz.getByRole('button', { name: 'Get My Recommendation' }).click();
    await expect(quiz.getByRole('heading', { name: 'Our recommendation: Do it yourself' })).toBeVisible();
  });

  test('four calculator choices and the press made before hydration give the right days', async ({ page }) => {
    const { inputsMade } = await delayIslandScripts(page);
    await page.goto('/blog/air-filter-replacement-guide', { waitUntil: 'domcontentloaded' });
    const calculator = island(page, 'ScheduleCalculator');
    await bringIntoView(calculator);
    await calculator.getByLabel('Filter type').selectOption('hepa');
    await calculator.getByLabel('People in your home').selectOption('3-4');
    await calculator.getByLabel('Pets').selectOption('one');
    await calculator.getByLabel('Allergies or asthma').selectOption('severe');
    await calculator.getByRole('button', { name: 'Calculate My Schedule' }).click();
    expect(await calculator.getAttribute('ssr'), 'chosen before hydration').not.toBeNull();
    inputsMade();

    // 180 x 0.8 = 144, x 0.7 = 100.8 -> 100, x 0.6 = 60
    const days = recommendedDays({ filterType: 'hepa', householdSize: '3-4', pets: 'one', allergies: 'severe' });
    expect(days).toBe(60);
    await expect(calculator.getByText(scheduleMessage(days))).toBeVisible();
    await expect(calculator.getByLabel('Filter type')).toHaveValue('hepa');
    await expect(calculator.getByLabel('Allergies or asthma')).toHaveValue('severe');
  });

  test('three finder choices made before hydration enable Find My Filter', async ({ page }) => {
    const { inputsMade } = await delayIslandScripts(page);
    await page.goto('/blog/air-filter-types-guide', { waitUntil: 'domcontentloaded' });
    const finder = island(page, 'FilterFinder');
    await bringIntoView(finder);
    await finder.getByLabel('Home type').selectOption('house');
    await finder.getByLabel('Primary concern').selectOption('allergies');
    await finder.getByLabel('System age').selectOption('new');
    expect(await finder.getAttribute('ssr'), 'chosen before hydration').not.toBeNull();
    inputsMade();

    await expect(finder).not.toHaveAttribute('ssr');
    const find = finder.getByRole('button', { name: 'Find My Filter' });
    await expect(find).toBeEnabled();
    await find.click();
    await expect(finder.getByText('Your match')).toBeVisible();
  });

  test('a booking card filter grade chosen before hydration is kept and priced', async ({ page }) => {
    const { inputsMade } = await delayIslandScripts(page);
    await page.goto('/services/air-filter-replacement', { waitUntil: 'domcontentloaded' });
    const card = page.locator('#booking');
    await bringIntoView(card);
    await card.getByRole('radio', { name: /^Premium/ }).check();
    expect(await card.locator('astro-island').getAttribute('ssr'), 'chosen before hydration').not.toBeNull();
    inputsMade();

    await expect(card.locator('astro-island')).not.toHaveAttribute('ssr');
    await expect(card.getByRole('radio', { name: /^Premium/ })).toBeChecked();
    const total = servicePriceCents('air-filter-replacement', { filterQuality: 'premium' });
    await expect(card.locator('output')).toHaveText(formatCents(total));
  });

  test('the sign-in form loads only when used, and keeps what was typed before it did', async ({ page }) => {
    const requested: string[] = [];
    page.on('request', (request) => requested.push(new URL(request.url()).pathname));
    const { inputsMade } = await delayIslandScripts(page);
    await page.goto('/auth');
    await page.waitForLoadState('networkidle');
    // Nothing of the form's code (React, the sign-in client) before the visitor uses it.
    expect(requested.filter((path) => path.endsWith('.js'))).toEqual([]);
    const form = island(page, 'AuthForm');
    await page.getByLabel('Email').fill('early@example.com');
    await page.getByLabel('Password', { exact: true }).fill('typed-before-react');
    expect(await form.getAttribute('ssr'), 'typed before hydration').not.toBeNull();
    // The first use asked for the form's code (the request is reported a moment after it is made).
    await expect.poll(() => requested.some((path) => path.includes('AuthForm'))).toBe(true);
    inputsMade();

    await expect(form).not.toHaveAttribute('ssr');
    await expect(page.getByLabel('Email')).toHaveValue('early@example.com');
    await expect(page.getByLabel('Password', { exact: true })).toHaveValue('typed-before-react');
  });
});

test('signed in on the home page: the My Account menu by keyboard; Sign Out flips the header and Subscribe without a reload', async ({
  context,
  page,
}) => {
  await signedIn(context, 'islands');
  await page.goto('/');
  const header = page.getByRole('banner');
  const account = header.getByRole('button', { name: 'My Account' });
  await expect(account).toBeVisible();
  await page.evaluate(() => Object.assign(window, { sameDocument: true }));

  await account.focus();
  await expect(account).toHaveCSS('outline-style', 'solid');
  await page.keyboard.press('Enter');
  // Headless UI keeps focus on the menu and marks the active item (aria-activedescendant).
  await expect(header.getByRole('menu')).toBeFocused();
  await expect(header.getByRole('menuitem', { name: 'Account overview' })).toHaveAttribute('data-focus', '');
  await expect(header.getByRole('menuitem', { name: 'Sign Out' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.keyboard.press('Escape');
  await expect(header.getByRole('menu')).toBeHidden();
  await expect(account).toBeFocused();

  // Signed in, Subscribe opens the checkout in a new tab.
  const subscribe = page.getByRole('button', { name: 'Subscribe to Autopilot Lite' });
  const popup = page.waitForEvent('popup');
  await subscribe.click();
  await (await popup).close();

  await account.click();
  await header.getByRole('menuitem', { name: 'Sign Out' }).click();
  await expect(header.getByRole('link', { name: 'Sign In' })).toBeVisible();
  await expect(account).toBeHidden();
  expect(await page.evaluate(() => 'sameDocument' in window), 'no reload').toBe(true);
  // Signed out, the same button sends the visitor to sign in.
  await subscribe.click();
  await expect(page).toHaveURL(/\/auth\??$/);
});

test('a browser that blocks the new tab gets the checkout in the same tab', async ({ context, page }) => {
  await signedIn(context, 'islands-blocked');
  // As a phone's popup blocker does with a tab opened after an answer rather than at the tap.
  await page.addInitScript(() => {
    window.open = () => null;
  });
  await page.goto('/');
  let popups = 0;
  page.on('popup', () => (popups += 1));
  await page.getByRole('button', { name: 'Subscribe to Autopilot Lite' }).click();
  await expect(page.getByRole('heading', { name: 'Subscribe to Autopilot Lite' })).toBeVisible();
  expect(new URL(page.url()).pathname).not.toBe('/');
  expect(popups).toBe(0);
});

test("the My Account menu's code comes when the button is reached for; a key pressed before it came opens the menu", async ({
  context,
  page,
}) => {
  await signedIn(context, 'islands-menu');
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  const asked: string[] = [];
  await page.route(/\/AccountMenuList\.[\w-]+\.js$/, async (route) => {
    asked.push(route.request().url());
    await held;
    await route.continue();
  });
  await page.goto('/');
  const header = page.getByRole('banner');
  const account = header.getByRole('button', { name: 'My Account' });
  await expect(account).toBeVisible();
  expect(asked, 'not fetched before the button is reached for').toEqual([]);

  await account.focus();
  await expect.poll(() => asked.length).toBe(1);
  // Up before the menu's code has come: once it has, the menu opens at its last item.
  await page.keyboard.press('ArrowUp');
  release();
  await expect(header.getByRole('menu')).toBeFocused();
  await expect(header.getByRole('menuitem', { name: 'Sign Out' })).toHaveAttribute('data-focus', '');
  await page.keyboard.press('Escape');
  await expect(header.getByRole('menu')).toBeHidden();
  await expect(account).toBeFocused();
});

test('a press on My Account whose menu code comes while the mouse button is down opens the menu', async ({
  context,
  page,
}) => {
  await signedIn(context, 'islands-press');
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/AccountMenuList\.[\w-]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/');
  const header = page.getByRole('banner');
  const account = header.getByRole('button', { name: 'My Account' });
  await account.hover();
  await page.mouse.down();
  // The menu's button replaces the bare one before the mouse button comes up, so the browser's
  // click goes to neither: the press itself opens the menu.
  release();
  await expect(header.getByRole('menu')).toBeVisible();
  await page.mouse.up();
  await header.getByRole('menuitem', { name: 'Account overview' }).click();
  await expect(page).toHaveURL(/\/account$/);
});

test('a returning customer gets My Account without layout shift', async ({ context, page }) => {
  await signedIn(context, 'islands-cls');
  await recordLayoutShift(page);
  await page.goto('/');
  await expect(page.getByRole('banner').getByRole('button', { name: 'My Account' })).toBeVisible();
  expect(await layoutShift(page), (await layoutShifts(page)).join('\n')).toBeLessThan(0.001);
});

test("signed out, an article fetches React and its tool's code only at idle after load, and runs none before the tool is near view", async ({
  page,
}) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(request.url());
  });
  await page.goto('/blog/air-filter-replacement-guide', { waitUntil: 'networkidle' });
  const tool = page.locator('main astro-island').first();
  const component = new URL((await tool.getAttribute('component-url')) ?? '', page.url()).pathname;
  // Ready on a jump (docs/product/performance.md#after-paint-loading): React and the tool's chunk are in the cache...
  await expect.poll(() => scripts.map((url) => new URL(url).pathname)).toContain(component);
  expect(scripts.some((url) => /\/client\.[\w-]+\.js$/.test(url))).toBe(true);
  // ...asked for only once the page had loaded, never the header's session islands nor the sign-in client.
  const early = await page.evaluate(() => {
    const loaded = (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).loadEventEnd;
    return performance
      .getEntriesByType('resource')
      .filter((entry) => entry.name.endsWith('.js') && entry.startTime < loaded)
      .map((entry) => entry.name);
  });
  expect(early).toEqual([]);
  expect(scripts.filter((url) => /supabase|\/(AccountMenu|MobileAccountLinks)\./i.test(url))).toEqual([]);
  // ...and not run: nothing hydrates before the reader comes near a tool.
  await expect(page.locator('astro-island:not([ssr])')).toHaveCount(0);

  await bringIntoView(tool);
  await expect(tool).not.toHaveAttribute('ssr');
  // The header stays the server's signed-out HTML: no session, nothing to hydrate.
  await expect(page.getByRole('banner').locator('astro-island').first()).toHaveAttribute('ssr', '');
});

test("the home page preloads none of the Subscribe islands' code at idle, while an article preloads its tool's", async ({
  page,
}) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  // Only the tools a reader jumps to are preloaded (docs/product/performance.md#after-paint-loading).
  await page.goto('/blog/air-filter-types-guide');
  await idlePreloadsLoaded(page);
  const finder = island(page, 'FilterFinder');
  const finderCode = new URL((await finder.getAttribute('component-url')) ?? '', page.url()).pathname;
  await expect(page.locator('link[rel="modulepreload"][data-idle]').first()).toBeAttached();
  // Asked for at low priority, never ahead of what the page needs now.
  await expect(page.locator('link[rel="modulepreload"][data-idle]:not([fetchpriority="low"])')).toHaveCount(0);
  await expect.poll(() => scripts).toContain(finderCode);

  scripts.length = 0;
  await page.goto('/');
  await idlePreloadsLoaded(page);
  const subscribe = island(page, 'SubscribeButton');
  await expect(subscribe.first()).toHaveAttribute('ssr', '');
  const subscribeFiles = ((await subscribe.first().getAttribute('data-preload')) ?? '').split(' ').filter(Boolean);
  expect(subscribeFiles.length).toBeGreaterThan(1);
  await expect(page.locator('link[rel="modulepreload"][data-idle]')).toHaveCount(0);
  // No file of the islands was asked for (the toaster's plain modules share none of them).
  expect(scripts.filter((path) => subscribeFiles.includes(path))).toEqual([]);
  // They still load when near view: the Subscribe button then works.
  await bringIntoView(subscribe.first());
  await expect(subscribe.first()).not.toHaveAttribute('ssr');
});
