/**
 * Every e-mail the site sends, the customer's and the owner's, as a phone shows it
 * (docs/product/email-layout.md#reading-well-everywhere): drawn by the layout the outbox uses, then
 * opened in Chromium at 320 and 390 px.
 */
import { renderMailHtml } from '../../src/features/mail/layout.ts';
import { MAIL_SAMPLES } from './mail-samples';
import { expect, test } from './test';

/** Gmail clips a message whose HTML passes 102 KB. */
const GMAIL_CLIP_BYTES = 102 * 1024;
const WEB_ADDRESS = /https?:\/\/|www\./i;

test.describe.configure({ mode: 'parallel' });

for (const [kind, samples] of Object.entries(MAIL_SAMPLES)) {
  test(`${kind}: no sideways scroll at 320 and 390 px, buttons and named links only, a preheader, under 102 KB`, async ({
    page,
    baseURL,
  }) => {
    for (const [i, mail] of samples().entries()) {
      const name = `${kind} #${i + 1}`;
      const html = await renderMailHtml(mail.layout, baseURL ?? '');
      expect(Buffer.byteLength(html), name).toBeLessThan(GMAIL_CLIP_BYTES);

      await page.setViewportSize({ width: 390, height: 844 });
      await page.setContent(html);
      await expect(page.locator('html'), name).toHaveAttribute('lang', 'en');
      await expect(page, name).toHaveTitle(mail.subject);
      await expect(page.getByRole('heading', { level: 1 }), name).toHaveText(mail.subject);

      // The preheader: in the HTML for the inbox, hidden in the message.
      const preheader = page.locator('[data-skip-in-text]');
      expect(mail.layout.preheader.length, name).toBeGreaterThan(0);
      await expect(preheader, name).toContainText(mail.layout.preheader);
      await expect(preheader, name).toBeHidden();

      // No web address shown as words: not as a link's words, not anywhere in the message.
      const linkWords = await page.getByRole('link').allInnerTexts();
      expect(
        linkWords.filter((words) => WEB_ADDRESS.test(words)),
        name,
      ).toEqual([]);
      expect(await page.locator('body').innerText(), name).not.toMatch(WEB_ADDRESS);
      // Each action is a link with its words.
      for (const action of mail.layout.actions) {
        await expect(page.getByRole('link', { name: action.label, exact: true }), name).toHaveAttribute(
          'href',
          action.url,
        );
      }

      for (const width of [390, 320]) {
        await page.setViewportSize({ width, height: 844 });
        expect(
          await page.evaluate(() => document.documentElement.scrollWidth),
          `${name} at ${width} px`,
        ).toBeLessThanOrEqual(width);
      }

      // The plain text keeps each link labelled, one to a line: 'Cancel: https://...', 'Confirm 9:30 AM: https://...'.
      for (const line of mail.text.split('\n').filter((l) => WEB_ADDRESS.test(l))) {
        expect(line, name).toMatch(/^\S.*?: https?:\/\/\S+$/);
      }
    }
  });
}
