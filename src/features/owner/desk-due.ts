/**
 * The desk's Due list in words (docs/product/due-again.md#the-owners-list): who is due within the
 * next 30 days or overdue, soonest first, each with the due day ('Overdue since' past it), the last
 * visit and whether and when the reminder and the follow-up went
 * (docs/product/due-again.md#the-reminder-and-the-follow-up). Framework-free.
 */
import { DUE_WITHIN_DEFAULT } from '@/features/visits/due-again';
import type { DueCustomer } from '@/features/visits/owner-api';
import { businessToday } from '@/lib/dates';

/** The Due list's read: due within `within` days, or overdue. */
export function duePath(within: number = DUE_WITHIN_DEFAULT): string {
  return `/api/owner/due?within=${within}`;
}

/** The Due list as a file (docs/product/due-again.md#the-owners-list): the same rows, for the next 30 days and overdue. */
export const DUE_CSV_PATH = '/api/owner/export/due.csv';

/** Shown when nobody is due. */
export const NOBODY_DUE = `Nobody is due in the next ${DUE_WITHIN_DEFAULT} days.`;

/** "Dec 8, 2026": a `YYYY-MM-DD` day, with its year (a last visit may be a year back). */
export function dueDay(date: string): string {
  return new Date(`${date}T12:00:00Z`).toLocaleDateString('en-US', {
    timeZone: 'UTC',
    month: 'short',
    day: 'numeric',
    year: 'numeric',
  });
}

/** The day an instant fell on in Springfield, in words. */
function dayOf(iso: string): string {
  return dueDay(businessToday(new Date(iso)));
}

/** The customers soonest due first (the API's order, kept for the same day). */
export function soonestFirst(due: readonly DueCustomer[]): DueCustomer[] {
  return [...due].sort((a, b) => a.dueDate.localeCompare(b.dueDate));
}

/** The customer's name, or the e-mail when none was given. */
export function dueName(due: Pick<DueCustomer, 'customer'>): string {
  return due.customer.name?.trim() || due.customer.email;
}

/** 'Due Dec 8, 2026', or 'Overdue since Dec 1, 2026' once the day has passed (the site's `today`). */
export function dueLine(due: Pick<DueCustomer, 'dueDate'>, today: string): string {
  return due.dueDate < today ? `Overdue since ${dueDay(due.dueDate)}` : `Due ${dueDay(due.dueDate)}`;
}

/** 'Last visit Sep 9, 2026'. */
export function lastVisitLine(due: Pick<DueCustomer, 'lastVisit'>): string {
  return `Last visit ${dueDay(due.lastVisit)}`;
}

/** 'Reminded <day>' and 'Followed up <day>' as far as they went (each the day in Springfield), else 'Not yet reminded'. */
export function reminderLines(due: Pick<DueCustomer, 'remindedAt' | 'followedUpAt'>): string[] {
  const lines = [
    ...(due.remindedAt ? [`Reminded ${dayOf(due.remindedAt)}`] : []),
    ...(due.followedUpAt ? [`Followed up ${dayOf(due.followedUpAt)}`] : []),
  ];
  return lines.length > 0 ? lines : ['Not yet reminded'];
}
