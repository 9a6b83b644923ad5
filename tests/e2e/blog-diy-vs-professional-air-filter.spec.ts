import { type Locator, type Page } from '@playwright/test';
import { fetchedToRun } from './network';
import { expect, test } from './test';
import { expectNoAxeViolations } from './a11y';
import {
  acceptLeads,
  expectDownloadReady,
  expectEmptyFieldsRefused,
  expectFailedSubmission,
  fillLead,
  GUIDES,
  openLeadDialog,
  type LeadDialog,
} from './lead-dialog';
import { expectPdfDownload } from './pdf';
import { QUESTIONS } from '@/features/diy-quiz/quiz';
import { bringIntoView } from './scroll';

const PATH = '/blog/diy-vs-professional-air-filter';

// Several tests run axe more than once over this long article; on a busy machine one pass can take
// several seconds: three times the (load-scaled) default test timeout.
test.slow();
const GUIDE = '/blog/how-to-change-air-filter';
const PLANS = '/services/autopilot-plans';

/** Scrolls the quiz into view and waits until its island has hydrated. */
async function openQuiz(page: Page): Promise<Locator> {
  const island = page.locator('astro-island[component-url*="DiyQuiz"]');
  await bringIntoView(island);
  await expect(island).not.toHaveAttribute('ssr');
  return island;
}

/** Ticks one answer (0, 1 or 2) per question, in order. */
async function answer(quiz: Locator, choices: readonly number[]): Promise<void> {
  for (const [i, q] of QUESTIONS.entries()) {
    await quiz
      .getByRole('group', { name: q.question })
      .getByRole('radio')
      .nth(choices[i] ?? 0)
      .check();
  }
}

/** The hrefs of the links in the quiz's result region. */
async function resultLinks(quiz: Locator): Promise<string[]> {
  return quiz.locator('[aria-live="polite"] a').evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
}

test('no React loads at page load on a phone, where no tool is within a screen of view', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const scripts: { url: string; bytes: number }[] = [];
  page.on('response', async (res) => {
    if (res.request().resourceType() === 'script') {
      scripts.push({ url: res.url(), bytes: Number(res.headers()['content-length'] ?? (await res.body()).length) });
    }
  });
  await page.goto(PATH, { waitUntil: 'networkidle' });
  // React may be fetched at idle to be ready on a jump, never run: no island hydrates.
  const run = await fetchedToRun(
    page,
    scripts.map((s) => s.url),
  );
  for (const url of run) expect(url).not.toMatch(/client\.|react/);
  for (const island of await page.locator('astro-island').all()) await expect(island).toHaveAttribute('ssr', '');
  const inline = await page
    .locator('script:not([type="application/ld+json"]):not([src])')
    .evaluateAll((els) => els.reduce((n, el) => n + new Blob([el.textContent ?? '']).size, 0));
  const files = scripts.reduce((n, s) => n + s.bytes, 0);
  console.log(`${PATH} at 390px: ${scripts.length} script files, ${files} bytes, ${inline} bytes inline`);
});

test('on a wide screen the quiz, within a screen of view, hydrates after the first paint; the cost calculator further down waits', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(PATH);
  await expect(page.locator('astro-island[component-url*="DiyQuiz"]')).not.toHaveAttribute('ssr');
  await expect(page.locator('astro-island[component-url*="CostCalculator"]')).toHaveAttribute('ssr', '');
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
});

test.describe('quiz', () => {
  test('the button stays disabled until all five questions are answered; each set of answers gives its recommendation', async ({
    page,
  }) => {
    await page.goto(PATH);
    const quiz = await openQuiz(page);
    await test.step('the button stays disabled until all five questions are answered', async () => {
      const button = quiz.getByRole('button', { name: 'Get My Recommendation' });
      await expect(button).toBeDisabled();
      for (const [i, q] of QUESTIONS.entries()) {
        await expect(button).toBeDisabled();
        await quiz.getByRole('group', { name: q.question }).getByRole('radio').first().check();
        await expect(quiz.getByText(`${i + 1} of 5 answered`)).toBeVisible({ visible: i < 4 });
      }
      await expect(button).toBeEnabled();
      // The recommendation stays hidden until the press.
      await expect(quiz.getByRole('heading', { name: /Our recommendation/ })).toHaveCount(0);
    });
    await test.step('all first answers recommend DIY, with the how-to guide', async () => {
      await answer(quiz, [0, 0, 0, 0, 0]);
      await quiz.getByRole('button', { name: 'Get My Recommendation' }).click();
      await expect(quiz.getByRole('heading', { name: 'Our recommendation: Do it yourself' })).toBeVisible();
      await expect(quiz.getByText('10 points for doing it yourself and 0 for a professional')).toBeVisible();
      expect(await resultLinks(quiz)).toEqual([GUIDE]);
    });
    await test.step('all third answers recommend a professional, with the plans', async () => {
      await answer(quiz, [2, 2, 2, 2, 2]);
      await quiz.getByRole('button', { name: 'Get My Recommendation' }).click();
      await expect(
        quiz.getByRole('heading', { name: 'Our recommendation: Let a professional handle it' }),
      ).toBeVisible();
      expect(await resultLinks(quiz)).toEqual([PLANS]);
    });
    await test.step('a balanced set recommends a mix, with both links', async () => {
      // DIY 2 + 1 + 1 = 4, professional 2 + 2 = 4: no side leads by more than 2.
      await answer(quiz, [0, 2, 1, 2, 1]);
      await quiz.getByRole('button', { name: 'Get My Recommendation' }).click();
      await expect(quiz.getByRole('heading', { name: 'Our recommendation: Mix the two' })).toBeVisible();
      expect(await resultLinks(quiz)).toEqual([GUIDE, PLANS]);
      await expectNoAxeViolations(page);
    });
    await test.step('changing an answer hides the result until the button is pressed again', async () => {
      await answer(quiz, [0, 0, 0, 0, 0]);
      const button = quiz.getByRole('button', { name: 'Get My Recommendation' });
      await button.click();
      await expect(quiz.getByRole('heading', { name: 'Our recommendation: Do it yourself' })).toBeVisible();
      // DIY 2 x 2 = 4 against professional 3 x 2 = 6: now a mix.
      await answer(quiz, [0, 0, 2, 2, 2]);
      await expect(quiz.getByRole('heading', { name: /Our recommendation/ })).toHaveCount(0);
      await button.click();
      await expect(quiz.getByRole('heading', { name: 'Our recommendation: Mix the two' })).toBeVisible();
    });
  });

  test('works by keyboard: arrow keys in each radio group, Space on the button', async ({ page }) => {
    await page.goto(PATH);
    const quiz = await openQuiz(page);
    await quiz.getByRole('radio').first().focus();
    for (const [i, q] of QUESTIONS.entries()) {
      // With nothing chosen, Tab lands on the first answer; ArrowDown moves to the second and picks it.
      await page.keyboard.press('ArrowDown');
      await expect(quiz.getByRole('group', { name: q.question }).getByRole('radio').nth(1)).toBeChecked();
      if (i < QUESTIONS.length - 1) await page.keyboard.press('Tab');
    }
    // ArrowUp goes back to the first answer of the last group.
    await page.keyboard.press('ArrowUp');
    const last = quiz.getByRole('group', { name: QUESTIONS[4].question }).getByRole('radio');
    await expect(last.first()).toBeChecked();
    await page.keyboard.press('Tab');
    const button = quiz.getByRole('button', { name: 'Get My Recommendation' });
    await expect(button).toBeFocused();
    await page.keyboard.press('Space');
    // Four second answers (4 DIY points) and one first answer (2): DIY 6, professional 0.
    await expect(quiz.getByRole('heading', { name: 'Our recommendation: Do it yourself' })).toBeVisible();
  });
});

test('focus toggle: Compare Both by default, then one side at a time', async ({ page }) => {
  await page.goto(PATH);
  const toggle = page.getByRole('group', { name: 'Which pros and cons to show' });
  const diy = page.getByRole('region', { name: 'Doing it yourself' });
  const pro = page.getByRole('region', { name: 'Professional service' });
  const button = (name: string) => toggle.getByRole('button', { name, exact: true });

  await bringIntoView(toggle);
  await expect(button('Compare Both')).toHaveAttribute('aria-pressed', 'true');
  await expect(button('DIY Focus')).toHaveAttribute('aria-pressed', 'false');
  await expect(button('Professional Focus')).toHaveAttribute('aria-pressed', 'false');
  await expect(diy).toBeVisible();
  await expect(pro).toBeVisible();

  await button('DIY Focus').click();
  await expect(button('DIY Focus')).toHaveAttribute('aria-pressed', 'true');
  await expect(button('Compare Both')).toHaveAttribute('aria-pressed', 'false');
  await expect(diy).toBeVisible();
  await expect(diy.getByRole('heading', { name: 'Pros' })).toBeVisible();
  await expect(diy.getByRole('heading', { name: 'Cons' })).toBeVisible();
  await expect(pro).toBeHidden();
  await expectNoAxeViolations(page);

  // By keyboard: Enter on a focused toggle button.
  await button('Professional Focus').focus();
  await page.keyboard.press('Enter');
  await expect(button('Professional Focus')).toHaveAttribute('aria-pressed', 'true');
  await expect(pro).toBeVisible();
  await expect(diy).toBeHidden();

  await button('Compare Both').click();
  await expect(diy).toBeVisible();
  await expect(pro).toBeVisible();
});

test('cost calculator: hidden by default, then the five-year figures', async ({ page }) => {
  await page.goto(PATH);
  const show = page.getByRole('button', { name: 'Show Detailed Cost Calculator' });
  const panel = page.locator('#cost-calculator');
  await expect(show).toHaveAttribute('aria-expanded', 'false');
  await expect(show).toHaveAttribute('aria-controls', 'cost-calculator');
  await expect(panel).toBeHidden();

  await show.click();
  const hide = page.getByRole('button', { name: 'Hide Detailed Cost Calculator' });
  await expect(hide).toHaveAttribute('aria-expanded', 'true');
  await expect(panel).toBeVisible();
  const table = panel.getByRole('table', { name: 'Cost by year' });
  const totals = table.getByRole('row', { name: /5-year total/ });
  await expect(totals.getByRole('cell')).toHaveText(['$2,090', '$1,700']);
  await expect(table.getByRole('row', { name: /Year 4/ }).getByRole('cell')).toHaveText(['$858', '$820']);
  const routine = panel.getByRole('definition').filter({ hasText: 'in a routine year' });
  await expect(routine).toHaveText(['$258 in a routine year', '$220 in a routine year']);
  await expect(panel.getByText('so the professional service costs $390 less.')).toBeVisible();
  await expectNoAxeViolations(page);

  // Never late: no lost energy and no cleaning, so DIY costs less.
  await panel.getByLabel('Late changes per year').fill('0');
  await expect(totals.getByRole('cell')).toHaveText(['$1,140', '$1,700']);
  await expect(panel.getByText('so doing it yourself costs $560 less.')).toBeVisible();
  // Out-of-range input settles on the nearest allowed value when the field is left.
  await panel.getByLabel('Filters per year').fill('40');
  await panel.getByLabel('Filters per year').blur();
  await expect(panel.getByLabel('Filters per year')).toHaveValue('12');
  await panel.getByRole('button', { name: 'Reset to the example' }).click();
  await expect(totals.getByRole('cell')).toHaveText(['$2,090', '$1,700']);
  await expect(panel.getByLabel('Late changes per year')).toHaveValue('3');

  await hide.click();
  await expect(panel).toBeHidden();
  await expect(show).toHaveAttribute('aria-expanded', 'false');
});

test.describe('download dialog', () => {
  async function openDialog(page: Page): Promise<LeadDialog> {
    await page.goto(PATH);
    return openLeadDialog(page, GUIDES.diyVsPro);
  }

  test('empty fields are refused with a toast; a failed submission says so; it cannot be cancelled while sending, then Download Ready! and the guide downloads', async ({
    page,
  }) => {
    const parts = await openDialog(page);
    const { dialog, submit } = parts;
    await test.step('empty fields are refused with a toast, which passes axe inside the dialog', async () => {
      await expectEmptyFieldsRefused(page, parts);
      await expectNoAxeViolations(page);
    });

    await test.step('a failed submission says so', async () => {
      await expectFailedSubmission(page, parts, { firstName: 'Pat', email: 'pat@example.com' });
    });

    await test.step('cannot be cancelled while sending; then Download Ready! and the guide downloads', async () => {
      let release = () => {};
      const gate = new Promise<void>((resolve) => (release = resolve));
      const payload = await acceptLeads(page, gate);
      await fillLead(dialog, { firstName: 'Pat', email: 'pat@example.com' });
      await submit.click();

      await expect(dialog.getByRole('button', { name: 'Sending...' })).toBeDisabled();
      await page.keyboard.press('Escape');
      await expect(dialog).toBeVisible();
      const cancel = dialog.getByRole('button', { name: 'Cancel' });
      await expect(cancel).toBeDisabled();
      await cancel.click({ force: true });
      await expect(dialog).toBeVisible();
      expect(payload()).toMatchObject({
        firstName: 'Pat',
        email: 'pat@example.com',
        downloadType: 'DIY vs Professional Guide',
      });

      const download = await expectDownloadReady(page, dialog, release);
      await expect(page.getByRole('status').filter({ hasText: 'Success!' })).toContainText(
        'Your download will begin shortly. Check your email for the guide.',
      );
      expect(download.suggestedFilename()).toBe('diy-vs-professional-guide.pdf');
      await expectPdfDownload(download, 'DIY vs Professional Air Filter Guide');
      await expectNoAxeViolations(page);
      // The dialog closes itself 3 seconds after success.
      await expect(dialog).toBeHidden();
    });
  });
});

// What the printable guide lists is read from dist/ (tests/built/blog.test.ts).
test('the printable guide page prints from its button', async ({ page }) => {
  await page.goto('/guides/diy-vs-professional');
  await page.evaluate(() => {
    window.print = () => document.body.setAttribute('data-printed', 'true');
  });
  await page.getByRole('button', { name: 'Print this guide' }).click();
  await expect(page.locator('body')).toHaveAttribute('data-printed', 'true');
});
