/**
 * What the browser tests of the plan schedule and the owner's alerts read on a server of their own
 * (docs/product/emails.md#owner-alerts, docs/product/visits.md#plan-visits): the local mailbox, the desk links
 * the alerts carry, and the embedded clock.
 */
import type { Page } from '@playwright/test';
import { businessTimeToUtc, businessToday } from '../../src/lib/dates';
import { expect } from './test';

/** What reads the mailbox and the clock: a page, or a browser context with no page (its `request`). */
export type OnSite = Pick<Page, 'request'>;

/** One message of the local mailbox, as /_dev/mail.json gives it. */
export interface MailboxMessage {
  subject: string;
  text: string;
  /** The links of its text. */
  links: string[];
  /** Its headers, each with its values (List-Unsubscribe...). */
  headers: Record<string, string[]>;
}

/** The messages the local mailbox holds for `email`. */
export async function mailsTo(page: OnSite, email: string): Promise<MailboxMessage[]> {
  const res = await page.request.get(`/_dev/mail.json?to=${encodeURIComponent(email)}`);
  return ((await res.json()) as { messages: MailboxMessage[] }).messages;
}

/** The subjects of the mails to `email` that match `subject`, sorted. */
export async function subjectsTo(page: OnSite, email: string, subject: RegExp): Promise<string[]> {
  return (await mailsTo(page, email))
    .map((m) => m.subject)
    .filter((s) => subject.test(s))
    .sort();
}

/** Waits for the one mail to `email` whose subject matches, and returns it. */
export async function oneMailTo(page: OnSite, email: string, subject: RegExp): Promise<MailboxMessage> {
  await expect.poll(async () => (await subjectsTo(page, email, subject)).length).toBe(1);
  return (await mailsTo(page, email)).find((m) => subject.test(m.subject))!;
}

/** The path (with its query) of the desk link an alert's text carries after `label: `. */
export function deskLink(text: string, label: 'Open the desk' | 'Open the visit on the desk'): string {
  const link = new RegExp(`^${label}: (\\S+)$`, 'm').exec(text)?.[1];
  expect(link, `"${label}" in the alert`).toBeTruthy();
  const url = new URL(link!);
  return url.pathname + url.search;
}

/** Moves the embedded stack's clock `seconds` ahead (answers once what became due was billed and scheduled). */
export async function advanceClock(page: OnSite, seconds: number): Promise<void> {
  expect((await page.request.post('/_dev/clock', { data: { advance: seconds } })).status()).toBe(200);
}

/** The embedded stack's clock, in milliseconds since the epoch. */
export async function clockNow(page: OnSite): Promise<number> {
  const { now } = (await (await page.request.get('/_dev/clock')).json()) as { now: string };
  return Date.parse(now);
}

/** The site's day in Springfield by the embedded clock (`YYYY-MM-DD`). */
export async function siteToday(page: OnSite): Promise<string> {
  return businessToday(new Date(await clockNow(page)));
}

/**
 * Moves the embedded clock to `time` Springfield time on `day`, or up to a second past it (never
 * back: already past, it stays); it answers once what fell due was queued.
 */
export async function moveClockTo(page: OnSite, day: string, time: string): Promise<void> {
  const seconds = Math.ceil((businessTimeToUtc(day, time).getTime() - (await clockNow(page))) / 1000);
  if (seconds > 0) await advanceClock(page, seconds);
}
