/**
 * A plan visit's report (docs/product/emails.md#e-mails, docs/product/accounts.md#account-page): what was done (the
 * checklist ticked or not, the filter sizes found, the detectors tested, the note) and what comes
 * next and when. Pure; the visit report e-mail and the account page both read it. Shared core:
 * relative imports with the extension only.
 */
import { formatDay } from '../../lib/dates.ts';
import { formatCents } from '../../lib/format.ts';
import type { PricedExtra } from '../extras/extras.ts';
import { addMonths, MONTHS_BETWEEN_VISITS } from './plan-schedule.ts';

/** A plan visit done, as its report tells it. */
export interface VisitReport {
  /** The day it was done (`YYYY-MM-DD`). */
  day: string;
  /** "Autopilot Full quarterly visit". */
  service: string;
  /** The tier's checklist, each item ticked or not. */
  items: { item: string; done: boolean }[];
  filterSizes: string[];
  detectorsTested: number | null;
  note: string | null;
  /** The extras charged for the visit, by a pay link of their own (docs/product/extras.md#where-customers-read-it). */
  extras?: PricedExtra[];
  /** What comes next and when, in words. */
  next: string;
}

/** Where the plan stands after the visit: its next visit's due date, or when it ends. */
export interface AfterVisit {
  /** The due date of the plan's next visit still to do, once made. */
  nextDue: string | null;
  /** The plan's end (`YYYY-MM-DD`) when it is set to cancel or has ended; null when it renews. */
  planEnds: string | null;
}

/** What comes next and when (docs/product/emails.md#e-mails). */
export function nextVisitLine(doneOn: string, after: AfterVisit): string {
  if (after.nextDue) return `Next visit due ${formatDay(after.nextDue)}: we will call to set the day and time.`;
  if (after.planEnds) return `Your plan ends ${formatDay(after.planEnds)}: this was its last visit.`;
  return `Next visit due about ${formatDay(addMonths(doneOn, MONTHS_BETWEEN_VISITS))}, once your plan renews: we will call to set the day and time.`;
}

/**
 * The report's lines of what was done, as the e-mail and the account show them; the extras charged,
 * when there are any, last: "Extras used (pay link sent separately): 3 × LED bulb, standard (A19) $24.00".
 */
export function reportLines(
  report: Pick<VisitReport, 'items' | 'filterSizes' | 'detectorsTested' | 'extras'>,
): string[] {
  const extras = report.extras ?? [];
  return [
    ...report.items.map(({ item, done }) => `${done ? 'Done' : 'Not done'}: ${item}`),
    `Filter sizes found: ${report.filterSizes.join(', ') || 'None recorded'}`,
    `Detectors tested: ${report.detectorsTested ?? 'Not recorded'}`,
    ...(extras.length
      ? [
          `Extras used (pay link sent separately): ${extras
            .map((extra) => `${extra.qty} × ${extra.name} ${formatCents(extra.amountCents)}`)
            .join(', ')}`,
        ]
      : []),
  ];
}
