import axe from 'axe-core';
import { expect, type Page } from '@playwright/test';
import { ARTICLE_PART_CLASS } from '../../src/lib/article-parts';

/** WCAG 2.2 AA tags; `wcag22aa` switches on `target-size`, which axe leaves off by default. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/**
 * Fails with the list of violations if axe finds any on the page as it is now.
 *
 * Axe runs in the page itself, put there once per document (not again for each check of the same
 * page): @axe-core/playwright's AxeBuilder opened a second page for every check to gather the
 * results of frames, and our pages have no frames; with it, each check took 0.8 to 2.2 s on a
 * quiet 2-core machine, about 1.5 s of it its own set-up, against 0.1 to 0.5 s for axe's run.
 *
 * An article part the browser has not drawn yet (`content-visibility: auto`,
 * src/lib/article-parts.ts) has no colours or sizes axe can check, and it would skip them; every
 * part is drawn for the check, then put back.
 */
export async function expectNoAxeViolations(page: Page): Promise<void> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
  const violations = await page.evaluate(
    async ({ partClass, tags }) => {
      const parts = [...document.getElementsByClassName(partClass)] as HTMLElement[];
      for (const part of parts) part.style.contentVisibility = 'visible';
      try {
        const { violations } = await (window as unknown as { axe: typeof axe }).axe.run(document, {
          runOnly: { type: 'tag', values: tags },
          resultTypes: ['violations'],
        });
        return violations.map((v) => ({
          id: v.id,
          help: v.help,
          targets: v.nodes.map((n) => n.target.join(' ')),
        }));
      } finally {
        for (const part of parts) part.style.contentVisibility = '';
      }
    },
    { partClass: ARTICLE_PART_CLASS, tags: WCAG_TAGS },
  );
  expect(violations.map((v) => `${v.id}: ${v.help} (${v.targets.join(', ')})`)).toEqual([]);
}
