import { readFile } from 'node:fs/promises';
import { type Download, type Page } from '@playwright/test';
import { fetchedToRun } from './network';
import { expect, test } from './test';
import { expectNoAxeViolations } from './a11y';
import {
  acceptLeads,
  expectDownloadReady,
  expectEmptyFieldsRefused,
  expectFailedSubmission,
  GUIDES,
  openLeadDialog,
} from './lead-dialog';
import { expectPdfDownload } from './pdf';
import { bringIntoView } from './scroll';

const PATH = '/blog/air-filter-replacement-guide';
const GUIDE = '/guides/air-filter-schedule';

/** The result sentence of docs/product/tools.md#schedule-calculator. */
const message = (days: number) =>
  `Based on your home's specific conditions, we recommend changing your air filter every ${days} days.`;

/** `YYYY-MM-DD` in local time, `offset` days from today (the browser and the tests share a clock). */
function localDate(offset: number): string {
  const now = new Date();
  const date = new Date(now.getFullYear(), now.getMonth(), now.getDate() + offset);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The calculator, scrolled into view and hydrated. */
async function openCalculator(page: Page) {
  const form = page.getByRole('form', { name: 'Air filter schedule calculator' });
  await bringIntoView(form);
  await expect(page.locator('astro-island[component-url*="ScheduleCalculator"]')).not.toHaveAttribute('ssr');
  return form;
}

async function downloadText(download: Download): Promise<string> {
  return readFile(await download.path(), 'utf8');
}

test.describe('air filter replacement guide', () => {
  // Several of these walk the whole page and run axe; give them room on a busy machine.
  test.slow();

  for (const viewport of [
    { width: 1280, height: 800 },
    { width: 390, height: 844 },
  ]) {
    test(`loads no React at ${viewport.width}px until the calculator scrolls into view`, async ({ page }) => {
      await page.setViewportSize(viewport);
      const scripts: string[] = [];
      page.on('request', (request) => {
        if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
      });
      await page.goto(PATH);
      await page.waitForLoadState('networkidle');
      // React may be fetched at idle to be ready on a jump, never run: no island hydrates.
      expect((await fetchedToRun(page, scripts)).filter((s) => /client\.|react/.test(s))).toEqual([]);
      await expect(page.locator('astro-island:not([ssr])')).toHaveCount(0);

      await openCalculator(page);
      expect(scripts.some((s) => /client\./.test(s))).toBe(true);
      await expect(page.locator('astro-island:not([ssr])').first()).toBeAttached();
    });
  }

  test('the table of contents highlights the section in view', async ({ page }) => {
    await page.goto(PATH);
    const toc = page.getByRole('navigation', { name: 'On this page' });
    await expect(toc.getByRole('link', { name: 'Quick answer' })).toHaveAttribute('aria-current', 'location');
    for (const name of ['What changes your schedule', 'DIY or professional replacement', 'Calculate your schedule']) {
      await page
        .getByRole('heading', { level: 2, name })
        .evaluate((heading) => heading.scrollIntoView({ block: 'start', behavior: 'instant' }));
      await expect(toc.getByRole('link', { name })).toHaveAttribute('aria-current', 'location');
      await expect(toc.locator('[aria-current="location"]')).toHaveCount(1);
    }
    // Following a link works too, from the keyboard.
    const link = toc.getByRole('link', { name: 'Signs your filter needs changing now' });
    await link.focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/#signs-your-filter-needs-changing-now$/);
    await expect(link).toHaveAttribute('aria-current', 'location');
  });

  test("calculator: no result until pressed, then the exact message of docs/product/tools.md#schedule-calculator for each home; the factors section's button clears it", async ({
    page,
  }) => {
    await page.goto(PATH);
    const form = await openCalculator(page);
    const result = form.getByText(/^Based on your home's specific conditions/);
    const calculate = form.getByRole('button', { name: 'Calculate My Schedule' });
    await expect(result).toHaveCount(0);

    const cases = [
      // the defaults: pleated, 1-2 people, no pets, no allergies -> 75
      [{}, 75],
      // 90 x 0.8 = 72 -> x 0.7 = 50.4 -> 50 -> x 0.8 = 40
      [
        {
          'Filter type': 'High-efficiency pleated',
          'People in your home': '3-4 people',
          Pets: 'One pet',
          'Allergies or asthma': 'Mild allergies',
        },
        40,
      ],
      // 180 x 0.6 = 108 -> x 0.5 = 54 -> x 0.6 = 32.4 -> 32
      [
        {
          'Filter type': 'HEPA',
          'People in your home': '5 or more people',
          Pets: 'Two or more pets',
          'Allergies or asthma': 'Severe allergies or asthma',
        },
        32,
      ],
      // 30 x 0.6 = 18 -> x 0.5 = 9 -> x 0.6 = 5.4 -> 5, raised to the 15-day floor
      [{ 'Filter type': 'Basic fiberglass' }, 15],
      // 75 x 0.5 = 37.5 -> 37
      [
        {
          'Filter type': 'Pleated',
          'People in your home': '1-2 people',
          Pets: 'Two or more pets',
          'Allergies or asthma': 'No allergies',
        },
        37,
      ],
    ] as const;
    for (const [choices, days] of cases) {
      for (const [label, option] of Object.entries(choices)) {
        await form.getByLabel(label).selectOption({ label: option });
      }
      // A changed answer clears the previous result until the next press.
      await expect(result).toHaveCount(0);
      await calculate.click();
      await expect(result).toHaveText(message(days));
    }
    await expect(form.locator('[aria-live="polite"]')).toContainText(message(37));
    await expectNoAxeViolations(page);

    // Keyboard: from the last field, Tab reaches the button and Enter calculates.
    await form.getByLabel('Allergies or asthma').selectOption({ label: 'Mild allergies' });
    await form.getByLabel('Allergies or asthma').focus();
    await page.keyboard.press('Tab');
    await expect(calculate).toBeFocused();
    await page.keyboard.press('Enter');
    // 75 x 0.5 = 37 -> x 0.8 = 29.6 -> 29
    await expect(result).toHaveText(message(29));

    await test.step("the factors section's button clears the result and takes the reader to the calculator", async () => {
      const buttons = page.getByRole('button', { name: 'Calculate My Schedule' });
      await expect(buttons).toHaveCount(2);
      const factorsButton = buttons.first();
      await bringIntoView(factorsButton);
      await factorsButton.focus();
      await page.keyboard.press('Enter');
      await expect(result).toHaveCount(0);
      await expect(form.getByLabel('Filter type')).toBeFocused();
      await expect(page.getByRole('heading', { level: 2, name: 'Calculate your schedule' })).toBeInViewport();
    });
  });

  test('Set Reminder downloads an .ics event on the chosen date', async ({ page }) => {
    await page.goto(PATH);
    const date = page.getByLabel('Date of your next filter change');
    // The picker starts when the reader comes near it.
    await bringIntoView(date);
    await expect(date).toHaveValue(localDate(90));
    await expect(date).toHaveAttribute('min', localDate(0));
    const setReminder = page.getByRole('button', { name: 'Set Reminder' });

    await date.fill('');
    await setReminder.click();
    await expect(page.getByText('Choose a date', { exact: true })).toBeVisible();
    await expect(date).toBeFocused();

    const chosen = localDate(45);
    await date.fill(chosen);
    const [download] = await Promise.all([page.waitForEvent('download'), setReminder.click()]);
    expect(download.suggestedFilename()).toBe('air-filter-reminder.ics');
    const ics = await downloadText(download);
    expect(ics).toContain('BEGIN:VCALENDAR');
    expect(ics).toContain(`DTSTART;VALUE=DATE:${chosen.replace(/-/g, '')}\r\n`);
    expect(ics).toContain('SUMMARY:Change the air filter');
    await expect(page.getByText('Reminder downloaded')).toBeVisible();
    await expect(page.getByText(/Open air-filter-reminder\.ics to add .+ to your calendar\./)).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('a calculated schedule moves the reminder date until the reader picks one', async ({ page }) => {
    await page.goto(PATH);
    const form = await openCalculator(page);
    await form.getByLabel('Pets').selectOption({ label: 'One pet' });
    await form.getByRole('button', { name: 'Calculate My Schedule' }).click();
    // floor(75 x 0.7) = 52
    await expect(form.getByText(message(52), { exact: true })).toBeVisible();
    const date = page.getByLabel('Date of your next filter change');
    await bringIntoView(date);
    await expect(date).toHaveValue(localDate(52));

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Set Reminder' }).press('Enter'),
    ]);
    expect(await downloadText(download)).toContain(`DTSTART;VALUE=DATE:${localDate(52).replace(/-/g, '')}`);

    // Once the reader picks a date, a new calculation leaves it alone.
    await date.fill(localDate(20));
    await form.getByLabel('Pets').selectOption({ label: 'No pets' });
    await form.getByRole('button', { name: 'Calculate My Schedule' }).click();
    await expect(form.getByText(message(75), { exact: true })).toBeVisible();
    await expect(date).toHaveValue(localDate(20));
  });

  test('lead dialog: empty fields, failure without the endpoint, then the guide downloads', async ({ page }) => {
    await page.goto(PATH);
    const parts = await openLeadDialog(page, GUIDES.schedule);
    const { trigger, dialog, submit } = parts;
    await expectNoAxeViolations(page);

    await expectEmptyFieldsRefused(page, parts);
    await expectFailedSubmission(page, parts, { firstName: 'Dana', email: 'dana@example.com' });

    const payload = await acceptLeads(page);
    const download = await expectDownloadReady(page, dialog, () => submit.click());
    await expect(page.getByText('Your download will begin shortly. Check your email for the guide.')).toBeVisible();
    expect(payload()).toMatchObject({
      firstName: 'Dana',
      email: 'dana@example.com',
      downloadType: 'Air Filter Schedule Guide',
    });
    expect(download.suggestedFilename()).toBe('air-filter-schedule-guide.pdf');
    await expectPdfDownload(download, 'Air Filter Schedule Guide');
    await expectNoAxeViolations(page);
    // docs/product/leads.md#guide-downloads: the dialog closes itself after 3 seconds and focus returns to the trigger.
    await expect(dialog).toBeHidden();
    await expect(trigger).toBeFocused();
  });

  test('FAQ: one answer open at a time', async ({ page }) => {
    await page.goto(PATH);
    const first = page.getByText('Can I leave a pleated filter in longer than 90 days?');
    const second = page.getByText('Do thick 4- or 5-inch media filters last longer?');
    const firstAnswer = page.getByText(/90 days is the outer limit/);
    await first.click();
    await expect(firstAnswer).toBeVisible();
    await second.click();
    await expect(page.getByText(/usually lasts 6 to 12 months/)).toBeVisible();
    await expect(firstAnswer).toBeHidden();
  });
});

test.describe('printable schedule guide', () => {
  // What it lists is read from dist/ (tests/built/blog.test.ts).
  test('prints cleanly', async ({ page }) => {
    await page.goto(GUIDE);
    const pleated = page.getByRole('table', { name: /^Pleated filter/ });
    await expect(pleated).toBeVisible();
    await page.emulateMedia({ media: 'print' });
    await expect(page.getByRole('button', { name: 'Print this guide' })).toBeHidden();
    await expect(page.locator('body > header')).toBeHidden();
    await expect(pleated).toBeVisible();
  });
});
