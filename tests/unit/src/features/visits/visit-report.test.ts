import { describe, expect, test } from 'vitest';
import { nextVisitLine, reportLines } from '@/features/visits/visit-report';

describe('a plan visit report (docs/product/emails.md#e-mails)', () => {
  test('what comes next: the next visit made, one waiting for the renewal, or the plan ending', () => {
    expect(nextVisitLine('2026-12-02', { nextDue: '2027-03-02', planEnds: null })).toBe(
      'Next visit due Tuesday, March 2, 2027: we will call to set the day and time.',
    );
    expect(nextVisitLine('2026-11-30', { nextDue: null, planEnds: null })).toBe(
      'Next visit due about Sunday, February 28, 2027, once your plan renews: we will call to set the day and time.',
    );
    expect(nextVisitLine('2026-12-02', { nextDue: null, planEnds: '2027-01-15' })).toBe(
      'Your plan ends Friday, January 15, 2027: this was its last visit.',
    );
  });

  test('what was done: each item ticked or not, the sizes and the detectors', () => {
    expect(
      reportLines({
        items: [
          { item: 'Air filters replaced', done: true },
          { item: 'Vacuum clean-out', done: false },
        ],
        filterSizes: ['16x25x1', '20x20x1'],
        detectorsTested: 4,
      }),
    ).toEqual([
      'Done: Air filters replaced',
      'Not done: Vacuum clean-out',
      'Filter sizes found: 16x25x1, 20x20x1',
      'Detectors tested: 4',
    ]);
    expect(reportLines({ items: [], filterSizes: [], detectorsTested: null })).toEqual([
      'Filter sizes found: None recorded',
      'Detectors tested: Not recorded',
    ]);
  });

  test('the extras charged, last, each with its quantity and amount (docs/product/extras.md#where-customers-read-it)', () => {
    const lines = reportLines({
      items: [],
      filterSizes: [],
      detectorsTested: 3,
      extras: [
        {
          id: 'detector-smoke',
          name: 'Smoke detector, 10-year sealed battery',
          unitCents: 3500,
          qty: 1,
          amountCents: 3500,
        },
        {
          id: 'air-filter-1in',
          name: 'Air filter, 1-inch, a second return',
          unitCents: 1500,
          qty: 2,
          amountCents: 3000,
        },
      ],
    });
    expect(lines.at(-1)).toBe(
      'Extras used (pay link sent separately): 1 × Smoke detector, 10-year sealed battery $35.00, 2 × Air filter, 1-inch, a second return $30.00',
    );
    expect(reportLines({ items: [], filterSizes: [], detectorsTested: 3, extras: [] })).toEqual([
      'Filter sizes found: None recorded',
      'Detectors tested: 3',
    ]);
  });
});
