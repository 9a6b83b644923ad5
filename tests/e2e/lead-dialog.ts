/**
 * The lead dialog of the guide downloads (docs/product/leads.md#guide-downloads): open it from its
 * button, fill in a first name and an e-mail, submit, see 'Download Ready!' and get the file.
 */
import { expect, type Download, type Locator, type Page } from '@playwright/test';

/** A guide offered through the lead dialog: the label its buttons share and the dialog's title. */
export interface Guide {
  readonly button: string;
  readonly title: string;
}

/** The guides the articles offer. */
export const GUIDES = {
  schedule: { button: 'Download Schedule Guide', title: 'Get the Air Filter Schedule Guide' },
  checklist: { button: 'Download Checklist', title: 'Get the Air Filter Replacement Checklist' },
  diyVsPro: { button: 'Download the Guide', title: 'Get the DIY vs Professional Guide' },
} as const satisfies Record<string, Guide>;

/** A guide's dialog, the (first) button on the page that opens it, and the dialog's own submit button. */
export interface LeadDialog {
  readonly trigger: Locator;
  readonly dialog: Locator;
  readonly submit: Locator;
}

/** What a visitor types into the dialog. */
export interface Lead {
  readonly firstName: string;
  readonly email: string;
}

/** The dialog of `guide` on the current page, not opened yet. */
export function leadDialog(page: Page, guide: Guide): LeadDialog {
  const dialog = page.getByRole('dialog', { name: guide.title });
  return {
    // While the dialog is closed its own button is hidden, so the first match is the page's.
    trigger: page.getByRole('button', { name: guide.button }).first(),
    dialog,
    submit: dialog.getByRole('button', { name: guide.button }),
  };
}

/** Opens the dialog of `guide` from its button and waits until it shows. */
export async function openLeadDialog(page: Page, guide: Guide): Promise<LeadDialog> {
  const parts = leadDialog(page, guide);
  await parts.trigger.click();
  await expect(parts.dialog).toBeVisible();
  return parts;
}

/** Types the first name and e-mail of `lead` into the dialog. */
export async function fillLead(dialog: Locator, lead: Lead): Promise<void> {
  await dialog.getByLabel('First name').fill(lead.firstName);
  await dialog.getByLabel('Email').fill(lead.email);
}

/**
 * Runs `action` (a submit, or releasing a held answer), then waits for the dialog's
 * 'Download Ready!' and resolves with the download it started.
 */
export async function expectDownloadReady(
  page: Page,
  dialog: Locator,
  action: () => Promise<void> | void,
): Promise<Download> {
  const download = page.waitForEvent('download');
  await action();
  await expect(dialog.getByRole('heading', { name: 'Download Ready!' })).toBeVisible();
  return download;
}

/** The whole flow on the current page: open the dialog, fill it in, submit, and get the guide. */
export async function downloadGuide(
  page: Page,
  guide: Guide,
  lead: Lead = { firstName: 'Dana', email: 'dana@example.com' },
): Promise<LeadDialog & { download: Download }> {
  const parts = await openLeadDialog(page, guide);
  await fillLead(parts.dialog, lead);
  const download = await expectDownloadReady(page, parts.dialog, () => parts.submit.click());
  return { ...parts, download };
}

/** Submits the dialog empty: a toast asks for both fields, and the dialog stays open. */
export async function expectEmptyFieldsRefused(page: Page, { dialog, submit }: LeadDialog): Promise<void> {
  await submit.click();
  const toast = page.getByRole('alert').filter({ hasText: 'Please fill in all fields' });
  await expect(toast).toBeVisible();
  await expect(toast).toContainText('Both first name and email are required.');
  await expect(dialog).toBeVisible();
}

/**
 * With the lead store down (/api/lead answers 500), submits `lead`: the failure toast shows,
 * never a fake success, and the dialog stays open.
 */
export async function expectFailedSubmission(page: Page, { dialog, submit }: LeadDialog, lead: Lead): Promise<void> {
  await page.route('**/api/lead', (route) => route.fulfill({ status: 500, json: { error: 'Lead store unavailable' } }));
  await fillLead(dialog, lead);
  await submit.click();
  const toast = page.getByRole('alert').filter({ hasText: 'Something went wrong' });
  await expect(toast).toBeVisible();
  await expect(toast).toContainText('Please try again or contact us directly.');
  await expect(dialog).toBeVisible();
}

/**
 * Answers /api/lead with 202 as the lead function does, after `hold` when given; resolves with a
 * reader of the last payload sent.
 */
export async function acceptLeads(page: Page, hold?: Promise<void>): Promise<() => unknown> {
  let payload: unknown;
  await page.route('**/api/lead', async (route) => {
    payload = route.request().postDataJSON();
    await hold;
    await route.fulfill({ status: 202, json: { id: 'lead_1' } });
  });
  return () => payload;
}
