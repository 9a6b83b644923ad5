/**
 * The texts about a visit (docs/product/texts.md#what-is-texted), each queued beside the e-mail of
 * the same event, in the caller's transaction, under a key like the e-mail's (`text:<kind>:<visit>`
 * and the visit's version or day where the event can happen again). The texts outbox stores one
 * only with the visit's consent standing (docs/product/texts.md#consent); the caller announces it
 * (announceTextQueued) after committing. 'On my way' is the desk's own.
 */
import { SERVICE_NAMES, type ServiceType } from '../../../src/features/booking/pricing.ts';
import { getPlan, isPlanType } from '../../../src/features/plans/plans.ts';
import {
  bookingReceivedText,
  visitConfirmedText,
  visitDoneText,
  visitMovedText,
  visitProposedText,
  visitReminderText,
  type VisitTextFacts,
} from '../../../src/features/texts/messages.ts';
import type { Db } from '../platform/db.ts';
import { queueVisitText, type QueueResult, type VisitTextKind } from '../texts/queue.ts';
import { visitLinks } from '../visits/links.ts';
import type { VisitRow } from '../visits/store.ts';

/** The visit fields a text reads. */
type TextedVisit = Pick<
  VisitRow,
  'id' | 'service' | 'day' | 'time_window' | 'start_time' | 'proposed_start' | 'calendar_sequence' | 'plan_visit_no'
>;

/** The events of a visit that are texted, 'On my way' apart. */
export type VisitTextEvent = Exclude<VisitTextKind, 'on-my-way' | 'extras-pay'>;

/** What a text calls the service: its name for a booking ('Dryer Vent Cleaning'), the plan's for a plan visit ('Autopilot Full'). */
function serviceOf(visit: Pick<VisitRow, 'service' | 'plan_visit_no'>): string {
  if (Object.hasOwn(SERVICE_NAMES, visit.service)) return SERVICE_NAMES[visit.service as ServiceType];
  if (visit.plan_visit_no !== null && isPlanType(visit.service)) return getPlan(visit.service).name;
  return visit.service;
}

function factsOf(visit: TextedVisit): VisitTextFacts {
  return { service: serviceOf(visit), day: visit.day, window: visit.time_window, start: visit.start_time };
}

/** The sentence of an event's text, or null when the visit lacks what it names (no start, no proposal). */
function textOf(event: VisitTextEvent, visit: TextedVisit): string | null {
  const facts = factsOf(visit);
  switch (event) {
    case 'booking-received':
      return bookingReceivedText(facts);
    case 'visit-proposed':
      return visit.proposed_start ? visitProposedText(facts, visit.proposed_start) : null;
    case 'visit-confirmed':
      return facts.start ? visitConfirmedText({ ...facts, start: facts.start }) : null;
    case 'visit-moved':
      return visitMovedText(facts, visitLinks(visit)?.reschedule ?? null);
    case 'visit-reminder':
      return visitReminderText(facts);
    case 'visit-done':
      return visitDoneText(facts);
  }
}

/** The event's key: once per visit for a booking and done, per version for a change, per day for the reminder. */
function keyOf(event: VisitTextEvent, visit: TextedVisit): string {
  switch (event) {
    case 'booking-received':
    case 'visit-done':
      return `text:${event}:${visit.id}`;
    case 'visit-reminder':
      return `text:${event}:${visit.id}:${visit.day}`;
    default:
      return `text:${event}:${visit.id}:${visit.calendar_sequence}`;
  }
}

/** Queues the text of `event` about `visit` (as it is after the event), in the caller's transaction. */
export async function textVisitEvent(tx: Db, event: VisitTextEvent, visit: TextedVisit): Promise<QueueResult | null> {
  const text = textOf(event, visit);
  if (text === null) return null;
  return queueVisitText(tx, keyOf(event, visit), event, visit.id, text);
}
