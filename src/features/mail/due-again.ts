/**
 * The reminder that a service is due again and its one follow-up
 * (docs/product/due-again.md#the-reminder-and-the-follow-up): the service in words, the day it was
 * done and the day it is due again, the Book again action (docs/product/due-again.md#book-again),
 * and one line naming the cheapest plan that covers the service with its monthly price, its page
 * an action too (never an address in the words). Both are marketing e-mails: the mail outbox adds the unsubscribe
 * line and headers (docs/product/emails.md#unsubscribing). Pure. Shared core: Node loads it directly
 * from functions/, so relative imports with the extension only.
 */
import { formatDay } from '../../lib/dates.ts';
import { formatUsd } from '../../lib/format.ts';
import { PLAN_TERMS, PLANS } from '../plans/plans.ts';
import { compose, greet, type MailAction, type MailContent } from './compose.ts';

/** The plan a reminder names: its name, monthly price in dollars and page (a path on the site). */
export interface DuePlan {
  name: string;
  monthly: number;
  href: string;
}

/** What a reminder and its follow-up say. */
export interface ServiceDueFacts {
  name: string | null;
  /** The service in words, as a subject says it: "Air Filter Replacement". */
  service: string;
  /** The day the visit was done and the day its service is due again, `YYYY-MM-DD`. */
  doneDay: string;
  dueDay: string;
  /** The signed Book again link (docs/product/due-again.md#book-again). */
  bookAgainUrl: string;
  /** The cheapest plan that covers the service, or null when none does. */
  plan: DuePlan | null;
  siteUrl: string;
}

/** The reminder's subject. */
export function serviceDueSubject(service: string): string {
  return `Time for your next ${service}`;
}

/** The follow-up's subject. */
export function serviceDueFollowUpSubject(service: string): string {
  return `Still due: your ${service}`;
}

/** The cheapest plan (by its monthly price) whose visits include `serviceType`'s work, or null. */
export function coveringPlan(serviceType: string): DuePlan | null {
  const plan = PLANS.filter((p) => p.services.includes(serviceType)).sort((a, b) => a.monthly - b.monthly)[0];
  return plan ? { name: plan.name, monthly: plan.monthly, href: plan.href } : null;
}

const NUMBER_WORDS = [
  'zero',
  'one',
  'two',
  'three',
  'four',
  'five',
  'six',
  'seven',
  'eight',
  'nine',
  'ten',
  'eleven',
  'twelve',
];

/** "Autopilot Lite covers it, with four visits a year, for $39 a month." */
export function planLine(plan: DuePlan): string {
  const visits = NUMBER_WORDS[PLAN_TERMS.visitsPerYear] ?? String(PLAN_TERMS.visitsPerYear);
  return `${plan.name} covers it, with ${visits} visits a year, for ${formatUsd(plan.monthly)} a month.`;
}

/** The plan's page: 'See Autopilot Lite'. */
export function planAction(plan: DuePlan, siteUrl: string): MailAction {
  return { label: `See ${plan.name}`, url: `${siteUrl}${plan.href}` };
}

function dueMail(facts: ServiceDueFacts, subject: string, opening: string): MailContent {
  return compose({
    subject,
    greeting: greet(facts.name),
    paragraphs: [opening, ...(facts.plan ? [planLine(facts.plan)] : [])],
    actions: [
      { label: 'Book again', url: facts.bookAgainUrl },
      ...(facts.plan ? [planAction(facts.plan, facts.siteUrl)] : []),
    ],
  });
}

/** The reminder, 7 days before the due day: 'Time for your next <service>'. */
export function serviceDueMail(facts: ServiceDueFacts): MailContent {
  return dueMail(
    facts,
    serviceDueSubject(facts.service),
    `Your ${facts.service} on ${formatDay(facts.doneDay)} is due again on ${formatDay(facts.dueDay)}.`,
  );
}

/** The one follow-up, 14 days after the reminder: 'Still due: your <service>', with the same link. */
export function serviceDueFollowUpMail(facts: ServiceDueFacts): MailContent {
  return dueMail(
    facts,
    serviceDueFollowUpSubject(facts.service),
    `Your ${facts.service} on ${formatDay(facts.doneDay)} was due again on ${formatDay(facts.dueDay)}, and nothing is booked yet.`,
  );
}
