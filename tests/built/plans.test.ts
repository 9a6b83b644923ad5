/**
 * What the plan pages hold, read from dist/ (docs/product/plans.md#plan-pages): prices, sections,
 * the comparison table and the links between them. The plan picker and its form are the browser's:
 * tests/e2e/plans.spec.ts.
 */
import { describe, expect, test } from 'vitest';
import { builtPage, byRole, byTag, byText, hrefs, oneByRole, parentOf, shownByMarkup, text } from './dom';

describe('plan pages', () => {
  test('Lite: prices, sections and the upgrade link', () => {
    const page = builtPage('/autopilot-lite');
    expect(byRole(page.document, 'heading', { level: 1 }).map(text)).toEqual(['Autopilot Lite']);
    const prices = byRole(page.document, 'definition');
    for (const price of ['$39/month', '$117', '$420', '$48']) {
      expect(prices.filter((dd) => text(dd).includes(price)).some(shownByMarkup), price).toBe(true);
    }
    expect(byText(page.document, 'Most Popular')).toHaveLength(0);
    expect(byRole(page.document, 'table')).toHaveLength(0);
    for (const name of [
      "What's included",
      'Benefits',
      'How It Works',
      'How a visit goes',
      'Frequently Asked Questions',
    ]) {
      const headings = byRole(page.document, 'heading', { level: 2, name, exact: true });
      expect(headings.length > 0 && headings.every(shownByMarkup), name).toBe(true);
    }
    const howItWorks = oneByRole(page.document, 'heading', { name: 'How It Works' });
    expect(byRole(parentOf(howItWorks)!, 'listitem')).toHaveLength(3);
    expect(byTag(page.document, 'blockquote')).toHaveLength(2);
    expect(hrefs(byRole(page.document, 'link', { name: 'Upgrade to Autopilot Full' }))).toEqual(['/autopilot-full']);
    expect(hrefs(byRole(page.document, 'link', { name: 'Back to all plans' }))).toEqual(['/#autopilot']);
    const breadcrumb = oneByRole(page.document, 'navigation', { name: 'Breadcrumb' });
    expect(hrefs(byRole(breadcrumb, 'link', { name: 'Autopilot Plans' }))).toEqual(['/#autopilot']);
  });

  test('Full: Most Popular, the comparison table and the link back to Lite', () => {
    const page = builtPage('/autopilot-full');
    expect(byText(page.document, 'Most Popular').some(shownByMarkup)).toBe(true);
    const table = oneByRole(page.document, 'table', { name: 'What each Autopilot plan includes' });
    expect(byRole(table, 'columnheader').map(text)).toEqual(['Included', 'Autopilot Lite', 'Autopilot Full']);
    const cells = (name: RegExp) => byRole(oneByRole(table, 'row', { name }), 'cell').map(text);
    expect(cells(/Water softener salt/)).toEqual(['Not included', 'Included']);
    expect(cells(/Monthly price/)).toEqual(['$39', '$59']);
    expect(hrefs(byRole(page.document, 'link', { name: 'See Autopilot Lite' }))).toEqual(['/autopilot-lite']);
  });
});
