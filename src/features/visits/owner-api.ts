/**
 * The owner's API (docs/product/desk.md#owner-api): the visits as the desk reads them, the actions it
 * sends (a zod schema the function checks them with), the closed days and the settings. Shared by
 * the desk's islands and the owner functions. Shared core: relative imports with the extension only.
 */
import * as z from 'zod/mini';
import type { VisitStatus } from './status.ts';
import { calendarDay, oneLineText, requiredText } from '../../lib/validation.ts';
import { chargeExtras, chargeNote, type PayRequest } from '../extras/extras.ts';

/** The most days one read of the visits covers. */
export const MAX_VISIT_RANGE_DAYS = 62;

/** One visit as the desk shows it. */
export interface OwnerVisit {
  id: string;
  status: VisitStatus;
  date: string;
  window: 'morning' | 'afternoon' | 'saturday';
  /** The confirmed start and end, `HH:MM` Springfield time, or null. */
  start: string | null;
  end: string | null;
  /** The service's name, e.g. "Vacuum Clean-out (3 vents)". */
  service: string;
  /** The service's id (content/services), or a plan visit's tier: what its extras are found by (docs/product/extras.md#the-catalogue). */
  serviceType: string;
  options: Record<string, unknown>;
  amountCents: number;
  orderNumber: string | null;
  customer: { name: string | null; email: string; phone: string };
  address: { street: string; city: string; zip: string };
  notes: string;
  techNotes: string;
  completionNote: string | null;
  overCapacity: boolean;
  /** The visit's place in its day's route, from 1; null when its ZIP has no known centre. */
  route: number | null;
  /** When the visit was booked (an ISO instant): the desk's To confirm lists the oldest first. */
  requestedAt: string;
  /** A plan visit's due date (`YYYY-MM-DD`, docs/product/visits.md#plan-visits); null for a booking's. */
  dueDate: string | null;
  /** A plan visit's number in its plan; null for a booking's. */
  planVisit: number | null;
  /** What a visit done did (docs/product/visits.md#plan-visits): the checklist items ticked, sizes, detectors. */
  checklist: string[];
  filterSizes: string[];
  detectorsTested: number | null;
  /** A plan visit's home's filter sizes as last found; empty for a booking's. */
  planFilterSizes: string[];
  /** A plan visit's checklist (its tier's items); empty for a booking's. */
  checklistItems: string[];
  /** The standing proposal (docs/product/visits.md#proposed-times): its start, `HH:MM`, or null. */
  proposedStart: string | null;
  /** When it was sent, and when its one reminder went (ISO instants), or null. */
  proposedAt: string | null;
  proposalRemindedAt: string | null;
  /** The customer's note when they last asked for another time, or null. */
  timeNote: string | null;
  /**
   * Whether the visit can be texted (docs/product/texts.md#consent): 'yes', or why not: no consent
   * for its phone, the number opted out, or texts are off (not configured).
   */
  textable: VisitTextable;
  /** The minutes 'On my way' suggests (docs/product/texts.md#on-my-way), for today's confirmed visits; else null. */
  etaMinutes: number | null;
  /** The visit's newest pay request for extras (docs/product/extras.md#pay-requests), or null. */
  payRequest: PayRequest | null;
}

/** Whether a visit can be texted, or why not. */
export type VisitTextable = 'yes' | 'no consent' | 'opted out' | 'off';

/** One change in a visit's history. */
export interface VisitHistoryEntry {
  at: string;
  actor: string;
  action: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

/** GET /api/owner/visits. */
export interface OwnerVisitsAnswer {
  visits: OwnerVisit[];
}

/** GET /api/owner/visits/{id}, and the answer of each action. */
export interface OwnerVisitAnswer {
  visit: OwnerVisit & { history: VisitHistoryEntry[] };
}

/** An action's 409 (docs/product/desk.md#owner-api): the reason, and the visit as it now is. */
export interface OwnerVisitRefusal extends OwnerVisitAnswer {
  error: string;
}

const day = () => calendarDay('date');
const clock = () => z.string('start must be HH:MM').check(z.regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'start must be HH:MM'));
const window = () => z.enum(['morning', 'afternoon', 'saturday'], 'window must be morning, afternoon or saturday');

/** A filter's size, width x height x depth in inches (docs/product/visits.md#plan-visits): 16x25x1, 20x25x4.5. */
export const FILTER_SIZE = /^\d{1,2}(\.\d{1,2})?x\d{1,2}(\.\d{1,2})?x\d{1,2}(\.\d{1,2})?$/i;
const FILTER_SIZE_MESSAGE = 'filterSizes: each size must look like 16x25x1';

/** The refusal of minutes 'On my way' cannot text. */
export const ON_MY_WAY_MINUTES_MESSAGE = 'minutes must be a whole number from 1 to 180';

/** The body of POST /api/owner/visits/{id}: one action. */
export const visitActionRequest = z.discriminatedUnion(
  'action',
  [
    z.object({ action: z.literal('propose'), start: clock() }),
    z.object({ action: z.literal('confirm'), start: clock(), date: z.optional(day()), window: z.optional(window()) }),
    z.object({ action: z.literal('reschedule'), date: day(), window: window(), start: z.optional(clock()) }),
    z.object({
      action: z.literal('done'),
      note: z.optional(
        z.string('note must be text').check(z.maxLength(2000, 'Please keep the note under 2,000 characters')),
      ),
      // What a plan visit did (docs/product/visits.md#plan-visits): the items ticked, filter sizes, detectors.
      checklist: z.optional(
        z
          .array(
            oneLineText(200, 'checklist must list the items done', 'checklist item is too long'),
            'checklist must list the items done',
          )
          .check(z.maxLength(20, 'checklist has too many items')),
      ),
      // Checked as a whole, so a refusal names the field, not the place in the list.
      filterSizes: z.optional(
        z
          .array(
            z.string(FILTER_SIZE_MESSAGE).check(z.trim(), z.toLowerCase()),
            'filterSizes must be a list of sizes like 16x25x1',
          )
          .check(
            z.maxLength(10, 'filterSizes: at most 10 sizes'),
            z.refine((sizes) => sizes.every((size) => FILTER_SIZE.test(size)), FILTER_SIZE_MESSAGE),
          ),
      ),
      detectorsTested: z.optional(
        z
          .int('detectorsTested must be a whole number from 0 to 50')
          .check(
            z.minimum(0, 'detectorsTested must be a whole number from 0 to 50'),
            z.maximum(50, 'detectorsTested must be a whole number from 0 to 50'),
          ),
      ),
      // The extras the visit used, charged by a pay link (docs/product/extras.md#charging), and their note.
      extras: z.optional(chargeExtras),
      extrasNote: z.optional(chargeNote),
    }),
    // Extras on a visit done (docs/product/extras.md#charging); withdrawing its open pay request; refunding a paid one.
    z.object({ action: z.literal('charge'), extras: chargeExtras, note: z.optional(chargeNote) }),
    z.object({ action: z.literal('cancel-charge') }),
    z.object({ action: z.literal('refund-extras') }),
    z.object({ action: z.literal('no-show') }),
    z.object({
      action: z.literal('cancel'),
      refund: z.boolean('refund must be true or false'),
      // One line, as its field on the desk: it goes into the customer's e-mail.
      reason: z.optional(oneLineText(500, 'reason must be text', 'Please keep the reason under 500 characters')),
    }),
    // 'On my way' (docs/product/texts.md#on-my-way): the minutes texted, a whole number from 1 to 180.
    z.object({
      action: z.literal('on-my-way'),
      minutes: z
        .int(ON_MY_WAY_MINUTES_MESSAGE)
        .check(z.minimum(1, ON_MY_WAY_MINUTES_MESSAGE), z.maximum(180, ON_MY_WAY_MINUTES_MESSAGE)),
    }),
    z.object({
      action: z.literal('notes'),
      techNotes: z
        .string('techNotes must be text')
        .check(z.maxLength(2000, 'Please keep the notes under 2,000 characters')),
    }),
  ],
  'action must be propose, confirm, reschedule, done, no-show, cancel, on-my-way, notes, charge, cancel-charge or refund-extras',
);
/** One action the owner sends. */
export type VisitActionRequest = z.output<typeof visitActionRequest>;

/** One text of a visit's thread (docs/product/texts.md#the-owners-texts), to or from its number. */
export interface OwnerText {
  id: string;
  direction: 'outbound' | 'inbound';
  /** The whole text, as sent or as it came. */
  body: string;
  /** When it was made, or came in (an ISO instant). */
  at: string;
  /** An outbound text waiting in the outbox, sent, or not sent (`reason` says why); an inbound one received. */
  state: 'waiting' | 'sent' | 'not sent' | 'received';
  reason?: string;
  /** When a waiting text goes (an ISO instant): 8 AM for one made in quiet hours. */
  sendAt?: string;
}

/** GET /api/owner/visits/{id}/texts: the thread, newest first, and whether the number opted out. */
export interface OwnerTextsAnswer {
  texts: OwnerText[];
  optedOut: boolean;
}

/** POST /api/owner/visits/{id}/texts: the reply as stored. */
export interface OwnerTextAnswer {
  text: OwnerText;
}

/** The most characters of an owner's reply (docs/product/texts.md#the-owners-texts). */
export const MAX_REPLY_CHARACTERS = 480;
const REPLY_MESSAGE = `body must be 1 to ${MAX_REPLY_CHARACTERS} characters`;

/** The body of POST /api/owner/visits/{id}/texts: the owner's reply. */
export const textReplyRequest = z.object({
  body: z
    .string(REPLY_MESSAGE)
    .check(z.trim(), z.minLength(1, REPLY_MESSAGE), z.maxLength(MAX_REPLY_CHARACTERS, REPLY_MESSAGE)),
});

/** The body of POST /api/owner/visits/propose-day: the day, and whether only to show what it would propose. */
export const proposeDayRequest = z.object({
  date: day(),
  preview: z.optional(z.boolean('preview must be true or false')),
});

/** POST /api/owner/visits/propose-day: how many were (or would be) proposed, and the day's visits. */
export interface ProposeDayAnswer {
  proposed: number;
  /** The day's visits in route order; with `preview`, each carries the start it would be proposed. */
  visits: OwnerVisit[];
}

/** One closed day: a holiday or one the owner closed. */
export interface ClosedDay {
  date: string;
  reason: string;
  source: 'holiday' | 'owner';
}

/** GET /api/owner/closed-days. */
export interface ClosedDaysAnswer {
  closed: ClosedDay[];
}

/** The body of POST /api/owner/closed-days. */
export const closedDayRequest = z.object({
  date: day(),
  // One line: customers see it beside the day (docs/product/messages.md#validation).
  reason: requiredText('Please give a reason: customers see it'),
});

/** GET and POST /api/owner/settings. */
export interface OwnerSettings {
  visitsPerWindow: number;
  /** The site's today in Springfield (`YYYY-MM-DD`): the desk's Today, whatever the phone's clock says. */
  today: string;
}

/** One customer due again (docs/product/due-again.md#the-owners-list). */
export interface DueCustomer {
  customer: { name: string | null; email: string; phone: string };
  /** The service in words ('Air Filter Replacement'), and its id. */
  service: string;
  serviceType: string;
  /** When it is due again, and the day of the visit that set it (`YYYY-MM-DD`). */
  dueDate: string;
  lastVisit: string;
  /** When the reminder and the follow-up were sent (ISO instants), or null. */
  remindedAt: string | null;
  followedUpAt: string | null;
  /** The visit done that set the due day. */
  visitId: string;
}

/** GET /api/owner/due?within=DAYS: soonest due first, overdue included. */
export interface OwnerDueAnswer {
  due: DueCustomer[];
}
