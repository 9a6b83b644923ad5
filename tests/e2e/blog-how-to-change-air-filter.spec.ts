import { type Page } from '@playwright/test';
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

const PATH = '/blog/how-to-change-air-filter';
const GUIDE = '/guides/air-filter-checklist';

/** Replaces window.print with a stub recording, per call, whether the print class was set. */
async function stubPrint(page: Page): Promise<() => Promise<boolean[]>> {
  await page.addInitScript(() => {
    const calls: boolean[] = [];
    Object.assign(window, { printCalls: calls });
    window.print = () => {
      calls.push(document.documentElement.classList.contains('print-checklist'));
    };
  });
  return () => page.evaluate(() => (window as unknown as { printCalls: boolean[] }).printCalls);
}

test.describe('article: how to change an air filter', () => {
  // The hero's badges, its one button and the structured data are read from dist/ (tests/built/blog.test.ts).
  test('no React at load', async ({ page }) => {
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
    });
    await page.goto(PATH);
    await page.waitForLoadState('networkidle');
    // React may be fetched at idle to be ready on a jump (docs/product/performance.md#after-paint-loading), never run.
    expect((await fetchedToRun(page, scripts)).filter((url) => /client\.|react/.test(url))).toEqual([]);
    await expect(page.locator('astro-island:not([ssr])')).toHaveCount(0);
    // No tool island; the header's account islands stay as the server drew them (no session).
    await expect(page.locator('main astro-island')).toHaveCount(0);
    await expect(page.locator('astro-island:not([ssr])')).toHaveCount(0);
  });

  test('checklist items tick independently by mouse and keyboard, struck through, never stored', async ({ page }) => {
    await page.goto(PATH);
    const checklist = page.getByRole('region', { name: 'Quick Checklist' });
    const boxes = checklist.getByRole('checkbox');
    await expect(boxes).toHaveCount(9);
    const storage = () => page.evaluate(() => JSON.stringify([{ ...localStorage }, { ...sessionStorage }]));
    const storedBefore = await storage();
    const decoration = (text: string) =>
      checklist.getByText(text, { exact: true }).evaluate((el) => getComputedStyle(el).textDecorationLine);

    const first = checklist.getByRole('checkbox', { name: 'Thermostat set to Off' });
    const third = checklist.getByRole('checkbox', { name: "Old filter's size and airflow arrow noted" });
    await first.click();
    await expect(first).toBeChecked();
    await expect(boxes.nth(1)).not.toBeChecked();
    await third.focus();
    await page.keyboard.press('Space');
    await expect(third).toBeChecked();
    await expect(checklist.getByRole('checkbox', { checked: true })).toHaveCount(2);
    await expect(checklist.getByText('2 of 9 done')).toBeVisible();
    expect(await decoration('Thermostat set to Off')).toBe('line-through');
    expect(await decoration('Filter found and its grille or cover opened')).toBe('none');

    // Unticking one leaves the other alone, by mouse and by keyboard.
    await first.click();
    await expect(first).not.toBeChecked();
    await expect(third).toBeChecked();
    expect(await decoration('Thermostat set to Off')).toBe('none');
    await third.focus();
    await page.keyboard.press('Space');
    await expect(checklist.getByRole('checkbox', { checked: true })).toHaveCount(0);

    for (const box of await boxes.all()) await box.check();
    await expect(checklist.getByText('All 9 done')).toBeVisible();
    expect(await storage()).toBe(storedBefore);
    await page.reload();
    await expect(checklist.getByRole('checkbox')).toHaveCount(9);
    await expect(checklist.getByRole('checkbox', { checked: true })).toHaveCount(0);
    await first.check();
    await expectNoAxeViolations(page);
  });

  for (const { width, height } of [
    { width: 390, height: 844 },
    { width: 1280, height: 720 },
  ]) {
    test(`at ${width} px, Download PDF downloads the checklist's PDF and Print Checklist prints just the checklist (docs/product/tools.md#quick-checklist)`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height });
      const printCalls = await stubPrint(page);
      await page.goto(PATH);
      const checklist = page.getByRole('region', { name: 'Quick Checklist' });
      // Print Checklist needs its script, which starts as the reader comes near.
      await bringIntoView(checklist);
      const print = checklist.getByRole('button', { name: 'Print Checklist' });
      await expect(print).toBeVisible();
      await expect(checklist).toContainText(
        'The PDF has this checklist, the six steps and a change log to keep by the furnace. Print Checklist prints just this list.',
      );

      // Download PDF is the printable checklist's PDF, and prints nothing.
      const download = page.waitForEvent('download');
      await checklist.getByRole('link', { name: 'Download PDF' }).click();
      const pdf = await download;
      expect(pdf.suggestedFilename()).toBe('air-filter-replacement-checklist.pdf');
      await expectPdfDownload(pdf, 'Air Filter Replacement Checklist');
      expect(await printCalls()).toEqual([]);

      await print.click();
      await expect.poll(printCalls).toEqual([true]);
      // While printing from the checklist, the print stylesheet keeps the checklist and nothing else.
      await page.emulateMedia({ media: 'print' });
      await expect(checklist.getByRole('heading', { name: 'Quick Checklist' })).toBeVisible();
      await expect(checklist.getByRole('checkbox', { name: 'Thermostat set to Off' })).toBeVisible();
      await expect(print).toBeHidden();
      await expect(checklist.getByRole('link', { name: 'Download PDF' })).toBeHidden();
      await expect(page.locator('#step-1')).toBeHidden();
      await expect(page.getByRole('heading', { name: 'Four Common Mistakes' })).toBeHidden();
      await expect(page.getByRole('banner')).toBeHidden();

      // When printing ends the class goes, so an ordinary print shows the whole article again.
      await page.evaluate(() => window.dispatchEvent(new Event('afterprint')));
      await expect(page.locator('html')).not.toHaveClass(/print-checklist/);
      await expect(page.locator('#step-1')).toBeVisible();
      await page.emulateMedia({ media: 'screen' });
    });
  }

  test.describe('without JavaScript', () => {
    test.use({ javaScriptEnabled: false });

    test('Download PDF still downloads the checklist PDF; Print Checklist, which needs the script, is not shown', async ({
      page,
    }) => {
      await page.goto(PATH);
      const checklist = page.getByRole('region', { name: 'Quick Checklist' });
      await expect(checklist.getByRole('button', { name: 'Print Checklist' })).toHaveCount(0);
      const download = page.waitForEvent('download');
      await checklist.getByRole('link', { name: 'Download PDF' }).click();
      const pdf = await download;
      expect(pdf.suggestedFilename()).toBe('air-filter-replacement-checklist.pdf');
      await expectPdfDownload(pdf, 'Air Filter Replacement Checklist');
    });
  });

  test('troubleshooting accordions: one open at a time, collapsible, keyboard operable', async ({ page }) => {
    await page.goto(PATH);
    const region = page.getByRole('region', { name: 'Troubleshooting' });
    const items = region.locator('details');
    await expect(items).toHaveCount(3);
    const open = region.locator('details[open]');
    await expect(open).toHaveCount(0);

    await items.nth(0).locator('summary').click();
    await expect(region.getByText(/^Compare the printed size/)).toBeVisible();
    await items.nth(1).locator('summary').click();
    await expect(open).toHaveCount(1);
    await expect(items.nth(1)).toHaveAttribute('open');
    await expect(region.getByText(/^Compare the printed size/)).toBeHidden();

    await items.nth(1).locator('summary').click();
    await expect(open).toHaveCount(0);

    await items.nth(2).locator('summary').focus();
    await page.keyboard.press('Enter');
    await expect(items.nth(2)).toHaveAttribute('open');
    await page.keyboard.press('Enter');
    await expect(open).toHaveCount(0);
    await page.keyboard.press('Enter');
    await expectNoAxeViolations(page);
  });

  test('Download Checklist dialog: empty fields, failure, then success with a download; Escape closes it', async ({
    page,
  }) => {
    await page.goto(PATH);
    const parts = await openLeadDialog(page, GUIDES.checklist);
    const { trigger, dialog, submit } = parts;
    await expectNoAxeViolations(page);

    await expectEmptyFieldsRefused(page, parts);
    await expectFailedSubmission(page, parts, { firstName: 'Dana', email: 'dana@example.com' });

    const payload = await acceptLeads(page);
    const download = await expectDownloadReady(page, dialog, () => submit.click());
    await expect(page.getByText('Success!')).toBeVisible();
    expect(download.suggestedFilename()).toBe('air-filter-replacement-checklist.pdf');
    await expectPdfDownload(download, 'Air Filter Replacement Checklist');
    expect(payload()).toMatchObject({
      firstName: 'Dana',
      email: 'dana@example.com',
      downloadType: 'Air Filter Replacement Checklist',
      source: expect.stringContaining(PATH),
    });
    // The dialog closes itself after 3 s and gives focus back to the button that opened it.
    await expect(dialog).toBeHidden();
    await expect(trigger).toBeFocused();

    await test.step('Escape closes the dialog and focus returns to the trigger', async () => {
      await trigger.focus();
      await page.keyboard.press('Enter');
      await expect(dialog).toBeVisible();
      await dialog.getByLabel('First name').fill('Dana');
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
      await expect(trigger).toBeFocused();
      await trigger.click();
      await expect(dialog.getByLabel('First name')).toHaveValue('');
    });
  });

  // What the printed checklist holds is read from dist/ (tests/built/blog.test.ts).
  test('the downloaded guide prints from its button, without the header and footer', async ({ page }) => {
    const printCalls = await stubPrint(page);
    await page.goto(GUIDE);
    await page.getByRole('button', { name: 'Print this checklist' }).click();
    await expect.poll(printCalls).toHaveLength(1);
    await page.emulateMedia({ media: 'print' });
    await expect(page.getByRole('banner')).toBeHidden();
    await expect(page.getByRole('contentinfo')).toBeHidden();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });
});
