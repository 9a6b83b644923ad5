/**
 * Prices: one truth (docs/product/services.md#informational-ranges). Every dollar amount on every built page
 * is a price the pricing modules charge, a plan price, an informational range shown with what it
 * covers, a filter price from the catalogue or a model's estimate; see price-statements.ts.
 */
import { expect, test } from 'vitest';
import { fileURLToPath } from 'node:url';
import { builtPages, contentRanges, priceStatements, unexplainedOffers } from './price-statements';

const root = fileURLToPath(new URL('../..', import.meta.url));
const pages = builtPages(`${root}dist`);

test('every price on every built page is produced or explained by the pricing modules', () => {
  const ranges = contentRanges(root);
  const statements = pages.flatMap(([page, html]) => priceStatements(page, html, ranges));
  const unexplained = statements
    .filter((s) => s.problem !== null)
    .map((s) => `${s.page}: ${s.amount} (${s.problem ?? ''}) in "${s.context}"`);
  expect(unexplained).toEqual([]);
  // The check above means something only if it read the prices: the booking cards, ranges and plans.
  expect(statements.length).toBeGreaterThan(100);
  expect(pages.length).toBeGreaterThan(25);
});

test('every Offer in the structured data is a price we charge', () => {
  expect(pages.flatMap(([page, html]) => unexplainedOffers(page, html))).toEqual([]);
});

test('the check fails on a price the modules do not explain', () => {
  const ranges = contentRanges(root);
  const problems = (html: string) => priceStatements('/x', html, ranges).map((s) => s.problem);
  expect(problems('<p>A dryer vent cleaning costs $89.</p>')).toEqual([expect.any(String)]);
  expect(problems('<div data-price="charge" data-service="dryer-vent-cleaning">$36.00</div>')).toEqual([
    expect.any(String),
  ]);
  expect(problems('<div data-price="charge" data-service="dryer-vent-cleaning">$35.00</div>')).toEqual([null]);
  expect(problems('<div data-price="range" data-covers="something else">$89-129</div>')).toEqual([expect.any(String)]);
  expect(problems('<section><h2>Autopilot Lite</h2><p>$39/month</p></section>')).toEqual([null]);
  expect(problems('<section><h2>Dryer vents</h2><p>$39</p></section>')).toEqual([expect.any(String)]);
  expect(problems('<div data-price="filter" data-filter="pleated">$12</div>')).toEqual([null]);
  expect(problems('<div data-price="filter" data-filter="pleated">$25</div>')).toEqual([expect.any(String)]);
  // An extra's listed price (docs/product/extras.md#the-catalogue): the catalogue's, and only a listed one.
  expect(problems('<span data-price="extra" data-extra="bulb-led-a19">LED bulb: $8.00</span>')).toEqual([null]);
  expect(problems('<span data-price="extra" data-extra="bulb-led-a19">LED bulb: $9.00</span>')).toEqual([
    expect.any(String),
  ]);
  expect(problems('<span data-price="extra" data-extra="special-order">Part: $20.00</span>')).toEqual([
    expect.any(String),
  ]);
  expect(problems('<span data-price="extra" data-extra="nothing">$8.00</span>')).toEqual([expect.any(String)]);
});
