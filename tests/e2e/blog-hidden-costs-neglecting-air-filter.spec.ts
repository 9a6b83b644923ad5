import { type Locator, type Page } from '@playwright/test';
import { fetchedToRun } from './network';
import { expect, test } from './test';
import { expectNoAxeViolations } from './a11y';
import { bringIntoView } from './scroll';

const PATH = '/blog/hidden-costs-neglecting-air-filter';

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

/** The calculator card, scrolled into view and hydrated. */
async function openCalculator(page: Page): Promise<Locator> {
  const island = page.locator('astro-island[component-url*="HiddenCostsCalculator"]');
  await bringIntoView(page.getByRole('slider', { name: 'Months since the last change' }));
  await expect(island).not.toHaveAttribute('ssr');
  return island;
}

/** The value shown for one calculator output, found by its label. */
function output(scope: Locator, label: string): Locator {
  return scope
    .getByRole('term')
    .filter({ hasText: new RegExp(`^${label}$`) })
    .locator('xpath=following-sibling::dd[1]');
}

async function expectOutputs(scope: Locator, values: Record<string, string>): Promise<void> {
  for (const [label, value] of Object.entries(values)) await expect(output(scope, label), label).toHaveText(value);
}

async function scrollToY(page: Page, y: number): Promise<void> {
  await page.evaluate((top) => window.scrollTo({ top, behavior: 'instant' }), y);
}

test('on a wide screen the calculator, within a screen of view, hydrates after the first paint without scrolling', async ({
  page,
}) => {
  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(r.url());
  });
  await page.goto(PATH, { waitUntil: 'networkidle' });
  await expect(page.locator('astro-island[component-url*="HiddenCostsCalculator"]')).not.toHaveAttribute('ssr');
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  expect(scripts.some((url) => /client\.|react/.test(url))).toBe(true);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('loads no React until the calculator scrolls into view', async ({ page }) => {
    const scripts: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(r.url());
    });
    await page.goto(PATH, { waitUntil: 'networkidle' });
    // React may be fetched at idle to be ready on a jump, never run: no island hydrates.
    expect((await fetchedToRun(page, scripts)).filter((url) => /client\.|react/.test(url))).toEqual([]);
    await expect(page.locator('astro-island:not([ssr])')).toHaveCount(0);
    await openCalculator(page);
    expect(scripts.some((url) => /client\.|react/.test(url))).toBe(true);
  });
});

test('the calculator starts at 6 months and 2,000 sq ft with the outputs of docs/product/tools.md#hidden-costs-calculator; the sliders work by keyboard and recompute every output', async ({
  page,
}) => {
  await page.goto(PATH);
  const calc = await openCalculator(page);
  await test.step('the calculator starts at 6 months and 2,000 sq ft with the outputs of docs/product/tools.md#hidden-costs-calculator', async () => {
    await expect(calc.getByRole('slider', { name: 'Months since the last change' })).toHaveValue('6');
    await expect(calc.getByRole('spinbutton', { name: 'Months since the last change' })).toHaveValue('6');
    await expect(calc.getByRole('slider', { name: 'Home size' })).toHaveValue('2000');
    await expect(calc.getByRole('spinbutton', { name: 'Home size' })).toHaveValue('2000');
    await expectOutputs(calc, {
      'Efficiency impact': '30%',
      'Energy cost per year': '$720',
      'Repair risk': '$1,493',
      'Health impact': '$1,200',
      'Total hidden cost': '$3,413',
      'Prevention cost per year': '$420',
      'Potential savings': '$2,993',
    });
    // The outputs are announced politely as they change.
    await expect(calc.locator('[aria-live="polite"]')).toContainText('Potential savings');
    await expect(page.getByText('not quotes or predictions for your home')).toBeVisible();
  });

  await test.step('the sliders work by keyboard and recompute every output', async () => {
    const months = calc.getByRole('slider', { name: 'Months since the last change' });
    await months.focus();
    await page.keyboard.press('ArrowRight');
    await expect(months).toHaveValue('7');
    await expect(months).toHaveAttribute('aria-valuetext', '7 months');
    await expect(calc.getByRole('spinbutton', { name: 'Months since the last change' })).toHaveValue('7');
    // 7 months, 2,000 sq ft: 35%; 2 x 100 x 0.35 x 12 = 840; 500 x 1.2^7 = 1,791.6; 7 x 200 = 1,400
    await expectOutputs(calc, {
      'Efficiency impact': '35%',
      'Energy cost per year': '$840',
      'Repair risk': '$1,792',
      'Health impact': '$1,400',
      'Total hidden cost': '$4,032',
      'Potential savings': '$3,612',
    });

    const size = calc.getByRole('slider', { name: 'Home size' });
    await size.focus();
    await page.keyboard.press('ArrowRight');
    await expect(size).toHaveValue('2100');
    await expect(calc.getByRole('spinbutton', { name: 'Home size' })).toHaveValue('2100');
    // 2.1 x 100 x 0.35 x 12 = 882
    await expectOutputs(calc, { 'Energy cost per year': '$882', 'Total hidden cost': '$4,074' });
    await expect(calc.getByText('Estimate for a 2,100 sq ft home, 7 months since the last change')).toBeVisible();
  });
});

test('the typed fields move the sliders, cap the impact at 50% and reject values off the scale', async ({ page }) => {
  await page.goto(PATH);
  const calc = await openCalculator(page);
  const monthsField = calc.getByRole('spinbutton', { name: 'Months since the last change' });
  const sizeField = calc.getByRole('spinbutton', { name: 'Home size' });

  await sizeField.fill('3000');
  await expect(calc.getByRole('slider', { name: 'Home size' })).toHaveValue('3000');
  // 6 months, 3,000 sq ft: 3 x 100 x 0.30 x 12 = 1,080
  await expectOutputs(calc, { 'Energy cost per year': '$1,080', 'Total hidden cost': '$3,773' });

  // From 10 months on, the impact stays at 50% (3,000 sq ft: energy stops growing at $1,800).
  for (const [typed, impact, energy, total] of [
    ['9', '45%', '$1,620', '$6,000'],
    ['10', '50%', '$1,800', '$6,896'],
    ['11', '50%', '$1,800', '$7,715'],
    ['24', '50%', '$1,800', '$46,348'],
  ] as const) {
    await monthsField.fill(typed);
    await expect(calc.getByRole('slider', { name: 'Months since the last change' })).toHaveValue(typed);
    await expectOutputs(calc, {
      'Efficiency impact': impact,
      'Energy cost per year': energy,
      'Total hidden cost': total,
    });
  }

  // Arrow keys in the number field step too.
  await monthsField.fill('10');
  await monthsField.press('ArrowUp');
  await expect(monthsField).toHaveValue('11');
  await expect(output(calc, 'Efficiency impact')).toHaveText('50%');

  // A value the slider does not allow is explained when the field is left; the estimate keeps the last good one.
  await sizeField.fill('2150');
  await sizeField.press('Tab');
  await expect(calc.getByRole('alert')).toHaveText(
    'Enter a number from 800 to 5,000, in steps of 100. The estimate still uses 3,000 sq ft.',
  );
  await expect(sizeField).toHaveAttribute('aria-invalid', 'true');
  await expect(output(calc, 'Energy cost per year')).toHaveText('$1,800');
  await expectNoAxeViolations(page);
  await sizeField.fill('2200');
  await expect(calc.getByRole('alert')).toBeHidden();
  await expect(sizeField).not.toHaveAttribute('aria-invalid');
  // 11 months, 2,200 sq ft: 2.2 x 100 x 0.5 x 12 = 1,320
  await expect(output(calc, 'Energy cost per year')).toHaveText('$1,320');
});

test('the floating Schedule Service Now button shows past 500 px and hides again at the top, and leads to the contact form with air filter replacement chosen', async ({
  page,
}) => {
  await page.goto(PATH);
  await test.step('it shows past 500 px and hides again at the top', async () => {
    const fab = page.getByRole('link', { name: 'Schedule Service Now', includeHidden: true });
    await expect(fab).toHaveAttribute('href', '/?service=air-filter-replacement#contact');
    await expect(fab).toBeHidden();
    await scrollToY(page, 500);
    await expect(fab).toBeHidden();
    await scrollToY(page, 501);
    await expect(page.getByRole('link', { name: 'Schedule Service Now' })).toBeVisible();
    const viewport = page.viewportSize()!;
    // Bottom right, clear of the edges, once it has slid into place (a 200 ms transition).
    const margins = async () => {
      const box = await fab.boundingBox();
      return box ? Math.min(viewport.width - (box.x + box.width), viewport.height - (box.y + box.height)) : -1;
    };
    await expect.poll(margins).toBeGreaterThanOrEqual(16);
    await expectNoAxeViolations(page);
    await scrollToY(page, 0);
    await expect(fab).toBeHidden();
  });

  await test.step('it leads to the contact form with air filter replacement chosen', async () => {
    await scrollToY(page, 2000);
    await page.getByRole('link', { name: 'Schedule Service Now' }).click();
    await expect(page).toHaveURL(/\/\?service=air-filter-replacement#contact$/);
  });
});

test('the floating button never covers the keyboard focus', async ({ page }) => {
  await page.goto(PATH);
  let shownWhileTabbing = false;
  for (let i = 0; i < 120; i++) {
    await page.keyboard.press('Tab');
    const state = await page.evaluate(async () => {
      await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
      const fab = document.querySelector<HTMLElement>('[data-floating-schedule]');
      const focused = document.activeElement;
      if (!fab || !(focused instanceof HTMLElement)) return { shown: false, covered: false, inFooter: false };
      const shown = getComputedStyle(fab).visibility === 'visible';
      const a = focused.getBoundingClientRect();
      const b = fab.getBoundingClientRect();
      const overlaps = a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
      return {
        shown,
        covered: shown && focused !== fab && overlaps,
        inFooter: focused.closest('footer') !== null,
        label: focused.textContent?.trim().slice(0, 40),
      };
    });
    expect(state.covered, `focus on "${state.label}" is under the floating button`).toBe(false);
    shownWhileTabbing ||= state.shown;
    if (state.inFooter) break;
  }
  expect(shownWhileTabbing).toBe(true);
});

test('the floating button steps aside while the keyboard focus is under it', async ({ page }) => {
  await page.goto(PATH);
  const fab = page.getByRole('link', { name: 'Schedule Service Now', includeHidden: true });
  const question = page.getByRole('region', { name: 'Frequently Asked Questions' }).locator('summary').first();
  await page.keyboard.press('Tab');
  // Bring the first FAQ question to the bottom edge of the screen, where the button sits.
  await question.evaluate((el) => {
    const bottom = el.getBoundingClientRect().bottom;
    window.scrollBy({ top: bottom - window.innerHeight + 20, behavior: 'instant' });
  });
  await expect(fab).toBeVisible();
  await question.evaluate((el: HTMLElement) => el.focus({ preventScroll: true }));
  await expect(question).toBeFocused();
  await expect(fab).toBeHidden();
  // Focus elsewhere: the button comes back.
  await page.keyboard.press('Shift+Tab');
  await expect(question).not.toBeFocused();
  await expect(fab).toBeVisible();
});

for (const { width, height } of [
  { width: 390, height: 844 },
  { width: 1280, height: 720 },
]) {
  test(`at ${width} px, every footer link at the bottom of the article is visible and clickable: the floating button steps aside for the footer (docs/product/tools.md#floating-schedule-button)`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height });
    await page.goto(PATH);
    const fab = page.getByRole('link', { name: 'Schedule Service Now', includeHidden: true });
    // Shown while the article is read.
    await scrollToY(page, 800);
    await expect(page.getByRole('link', { name: 'Schedule Service Now' })).toBeVisible();

    const footer = page.getByRole('contentinfo');
    const links = footer.getByRole('link');
    expect(await links.count()).toBeGreaterThanOrEqual(20);
    for (const link of await links.all()) {
      const name = (await link.textContent())?.trim();
      // Reached as a reader scrolling down reaches it: at the screen's bottom edge (or as far down
      // as the page goes), where the button floats.
      await link.evaluate((el) => {
        el.scrollIntoView({ block: 'end', behavior: 'instant' });
        return new Promise<void>((drawn) => requestAnimationFrame(() => requestAnimationFrame(() => drawn())));
      });
      await expect(link, name).toBeInViewport({ ratio: 1 });
      // Nothing drawn over it: the button is hidden or clear of it, and a tap anywhere along it
      // lands on the link.
      await expect
        .poll(
          () =>
            link.evaluate((el) => {
              const fab = document.querySelector<HTMLElement>('[data-floating-schedule]');
              const a = el.getBoundingClientRect();
              const b = fab?.getBoundingClientRect();
              const covered =
                !!b &&
                getComputedStyle(fab!).visibility === 'visible' &&
                a.left < b.right &&
                b.left < a.right &&
                a.top < b.bottom &&
                b.top < a.bottom;
              const y = a.top + a.height / 2;
              const tappable = [a.left + 2, a.left + a.width / 2, a.right - 2].every((x) => {
                const hit = document.elementFromPoint(x, y);
                return hit !== null && el.contains(hit);
              });
              return { covered, tappable };
            }),
          { message: `footer link "${name}"` },
        )
        .toEqual({ covered: false, tappable: true });
    }
    await expect(fab).toBeHidden();

    // Back in the article, the button shows again.
    await scrollToY(page, 800);
    await expect(page.getByRole('link', { name: 'Schedule Service Now' })).toBeVisible();

    // A legal link at the very bottom, tapped.
    await page.keyboard.press('End');
    await footer.getByRole('link', { name: 'Service Agreement' }).click();
    await expect(page).toHaveURL(/\/service-agreement$/);
  });
}

test('the floating button does not animate when reduced motion is asked for', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto(PATH);
  await scrollToY(page, 800);
  const fab = page.getByRole('link', { name: 'Schedule Service Now' });
  await expect(fab).toBeVisible();
  const style = await fab.evaluate((el) => {
    const s = getComputedStyle(el);
    return { transform: s.transform, duration: Math.max(...s.transitionDuration.split(',').map(parseFloat)) };
  });
  expect(style.transform).toBe('none');
  expect(style.duration).toBeLessThan(0.001);
});

test('share buttons: real share links, and Copy Link copies the address with a toast', async ({ page }) => {
  await page.goto(PATH);
  const share = page.getByRole('region', { name: 'Share this article' });
  await expect(share.getByRole('link', { name: /^Facebook/ })).toHaveAttribute('href', /facebook\.com\/sharer/);
  await expect(share.getByRole('link', { name: /^Tweet \(share on X/ })).toHaveAttribute(
    'href',
    /twitter\.com\/intent\/tweet/,
  );
  await expect(share.getByRole('link', { name: /^LinkedIn/ })).toHaveAttribute('href', /linkedin\.com/);
  await share.getByRole('button', { name: 'Copy Link' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Link copied' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(
    /\/blog\/hidden-costs-neglecting-air-filter$/,
  );
  await expectNoAxeViolations(page);
});

test('the FAQ keeps one answer open at a time', async ({ page }) => {
  await page.goto(PATH);
  const faq = page.getByRole('region', { name: 'Frequently Asked Questions' });
  const first = faq.locator('details').nth(0);
  const second = faq.locator('details').nth(1);
  await first.locator('summary').click();
  await expect(first).toHaveAttribute('open', '');
  await second.locator('summary').click();
  await expect(first).not.toHaveAttribute('open', '');
  await expect(second).toContainText('Starved of air');
});
