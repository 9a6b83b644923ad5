import { expect, test } from './test';
import { downloadGuide, GUIDES } from './lead-dialog';

test('a guide download through the real /api/lead stores the lead and downloads the guide', async ({ page }) => {
  const email = `lead.${Date.now()}@example.com`;
  await page.goto('/blog/how-to-change-air-filter');
  const { dialog, download } = await downloadGuide(page, GUIDES.checklist, { firstName: 'Lee', email });
  expect(download.suggestedFilename()).toMatch(/\.pdf$/);
  await expect(dialog).toBeHidden();

  const res = await page.request.get('/_dev/leads.json');
  const { leads } = (await res.json()) as {
    leads: { kind: string; payload: Record<string, unknown>; delivery_state: string }[];
  };
  const lead = leads.find((l) => l.payload['email'] === email);
  expect(lead?.kind).toBe('download');
  expect(lead?.payload).toMatchObject({ firstName: 'Lee', downloadType: 'Air Filter Replacement Checklist' });
  expect(String(lead?.payload['source'])).toContain('/blog/how-to-change-air-filter');
  // No automation webhook is configured in the embedded default: the lead waits in the database.
  expect(lead?.delivery_state).toBe('unconfigured');
});
