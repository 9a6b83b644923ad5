import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { ARTICLE_PART_CLASS } from '../../src/lib/article-parts';

/** WCAG 2.2 AA tags; `wcag22aa` switches on `target-size`, which axe leaves off by default. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/**
 * Fails with the list of violations if axe finds any on the page as it is now. An article part the
 * browser has not drawn yet (`content-visibility: auto`, src/lib/article-parts.ts) has no colours or
 * sizes axe can check, and it would skip them; every part is drawn for the check, then put back.
 */
export async function expectNoAxeViolations(page: Page): Promise<void> {
  const drawAll = (visibility: string) =>
    page.evaluate(
      ({ partClass, value }) => {
        for (const part of document.getElementsByClassName(partClass))
          (part as HTMLElement).style.contentVisibility = value;
      },
      { partClass: ARTICLE_PART_CLASS, value: visibility },
    );
  await drawAll('visible');
  try {
    const { violations } = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
    const summary = violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
    expect(summary).toEqual([]);
  } finally {
    await drawAll('');
  }
}
