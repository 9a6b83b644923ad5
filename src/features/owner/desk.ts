/**
 * The owner's desk in words and numbers (docs/product/desk.md#owners-desk): a day's visits by window in
 * the API's route order, the day's route link, the requests oldest first, the week's places against
 * the capacity, the history in words, and what each action answers the owner. Framework-free; the
 * proposals' words are in desk-proposals.ts.
 */
import { VISIT_WINDOWS, visitAddress, windowsOn, type VisitWindow } from '@/features/visits/windows';
import type { ClosedDay, OwnerVisit, VisitActionRequest, VisitHistoryEntry } from '@/features/visits/owner-api';
import { routeLink } from '@/features/visits/route';
import { holdsPlace, type VisitStatus } from '@/features/visits/status';
import { addDays, BUSINESS_TIME_ZONE, formatClock, formatDay } from '@/lib/dates';
import { formatCents } from '@/lib/format';
import { SITE } from '@/site';

/** Each status as the desk names it. */
export const STATUS_LABELS: Readonly<Record<VisitStatus, string>> = {
  requested: 'Requested',
  confirmed: 'Confirmed',
  done: 'Done',
  'no-show': 'No-show',
  cancelled: 'Cancelled',
};

/** The badge of a visit paid for a full window (docs/product/visits.md#capacity-and-closed-days). */
export const OVER_CAPACITY = 'Over capacity: move or confirm';

/** Where the day's route starts: the business's own address. */
export const BUSINESS_ADDRESS = visitAddress({
  // A business that comes to its customers (no street published) starts from its base, by name.
  street: SITE.address.street ?? `${SITE.name} base`,
  city: SITE.area.city,
  zip: SITE.address.postalCode,
});

/** A value of the history, in words. */
function valueWords(value: unknown): string {
  if (value === null || value === undefined || value === '') return 'none';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** "Morning (8 AM-12 PM)". */
export function windowLabel(window: VisitWindow): string {
  return VISIT_WINDOWS[window].label;
}

/** The confirmed time ("9:30 AM-10:30 AM"), else the window. */
export function visitTime(visit: Pick<OwnerVisit, 'start' | 'end' | 'window'>): string {
  return visit.start && visit.end ? `${formatClock(visit.start)}-${formatClock(visit.end)}` : windowLabel(visit.window);
}

/** The customer's name, or the e-mail when the booking gave none. */
export function customerName(visit: Pick<OwnerVisit, 'customer'>): string {
  return visit.customer.name?.trim() || visit.customer.email;
}

/** "12 Elm St, Nixa, MO 65714". */
export function addressOf(visit: Pick<OwnerVisit, 'address'>): string {
  return visitAddress(visit.address);
}

/** A `tel:` link for a phone as the customer typed it: a US number dialled as +1 and ten digits. */
export function telHref(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  if (digits.length === 10) return `tel:+1${digits}`;
  if (digits.length === 11 && digits.startsWith('1')) return `tel:+${digits}`;
  return `tel:${digits}`;
}

/** One window of a day and its visits. */
export interface WindowGroup {
  window: VisitWindow;
  label: string;
  visits: OwnerVisit[];
}

/** A day's visits by window, the windows and the visits in the order given (the API's route order). */
export function byWindow(visits: readonly OwnerVisit[]): WindowGroup[] {
  const groups: WindowGroup[] = [];
  for (const visit of visits) {
    let group = groups.find((g) => g.window === visit.window);
    if (!group) {
      group = { window: visit.window, label: windowLabel(visit.window), visits: [] };
      groups.push(group);
    }
    group.visits.push(visit);
  }
  return groups;
}

/** The maps route from the business through the day's visits still to do, in the order given; null when none. */
export function dayRoute(visits: readonly OwnerVisit[]): string | null {
  const stops = visits.filter((visit) => holdsPlace(visit.status)).map(addressOf);
  return stops.length > 0 ? routeLink(BUSINESS_ADDRESS, stops) : null;
}

/** Requested visits, the oldest request first (then by day). */
export function oldestFirst(visits: readonly OwnerVisit[]): OwnerVisit[] {
  return visits
    .filter((visit) => visit.status === 'requested')
    .sort((a, b) => a.requestedAt.localeCompare(b.requestedAt) || a.date.localeCompare(b.date));
}

/** The seven days from `start`. */
export function weekFrom(start: string): string[] {
  return Array.from({ length: 7 }, (_, i) => addDays(start, i));
}

/** One window of the week: its visits holding a place against the capacity. */
export interface WindowCount {
  window: VisitWindow;
  label: string;
  booked: number;
  full: boolean;
}

/** One day of the week: closed (with the reason) or its windows' counts. */
export interface DaySummary {
  date: string;
  closed: string | null;
  windows: WindowCount[];
}

/** Each day's windows counted against `capacity`; a closed day (or a Sunday) has its reason. */
export function weekSummary(
  dates: readonly string[],
  visits: readonly OwnerVisit[],
  closed: readonly ClosedDay[],
  capacity: number,
): DaySummary[] {
  return dates.map((date) => {
    const reason = closed.find((day) => day.date === date)?.reason ?? null;
    const windows = windowsOn(date);
    if (reason !== null || windows.length === 0) return { date, closed: reason ?? 'Sunday', windows: [] };
    return {
      date,
      closed: null,
      windows: windows.map((window) => {
        const booked = visits.filter((v) => v.date === date && v.window === window && holdsPlace(v.status)).length;
        return { window, label: windowLabel(window), booked, full: booked >= capacity };
      }),
    };
  });
}

/** "Dec 1, 9:30 AM": an instant as it was in Springfield. */
export function formatInstant(iso: string): string {
  return new Date(iso).toLocaleString('en-US', {
    timeZone: BUSINESS_TIME_ZONE,
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  });
}

const ACTION_WORDS: Readonly<Record<string, string>> = {
  created: 'Booked',
  propose: 'Time proposed',
  confirm: 'Time confirmed',
  'another time': 'Another time asked',
  reschedule: 'Moved',
  done: 'Marked done',
  'no-show': 'No-show',
  cancel: 'Cancelled',
  notes: "Technician's notes changed",
  refunded: 'Refunded and cancelled',
  'on my way': 'On my way texted',
  // A visit's extras (docs/product/extras.md#pay-requests): a pay request made, withdrawn, paid.
  'extras charged': 'Extras charged (pay link sent)',
  'extras cancelled': 'Pay request cancelled',
  'extras paid': 'Extras paid',
};

/** Who made a change, in words. */
function actorWords(actor: string): string {
  if (actor.startsWith('owner:')) return actor.slice('owner:'.length);
  // The customer's own change (docs/product/visits.md#changing-a-visit), with the address they booked with.
  if (actor.startsWith('customer:')) return `the customer (${actor.slice('customer:'.length)})`;
  return { site: 'the site', provider: 'the card provider', customer: 'the customer' }[actor] ?? actor;
}

/** A value of the history in the desk's words: a status or window by its label, a day, a clock time or an instant as read elsewhere on the desk. */
function historyValue(value: unknown): string {
  if (typeof value === 'string') {
    if (value in STATUS_LABELS) return STATUS_LABELS[value as VisitStatus];
    if (value in VISIT_WINDOWS) return windowLabel(value as VisitWindow);
    if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return formatDay(value, 'short');
    if (/^\d{2}:\d{2}$/.test(value)) return formatClock(value);
    if (/^\d{4}-\d{2}-\d{2}T/.test(value) && !Number.isNaN(Date.parse(value))) return formatInstant(value);
  }
  return valueWords(value);
}

/** A field of the history in words: "start_time" and "overCapacity" as "start time" and "over capacity". */
function fieldWords(field: string): string {
  return field.replace(/_/g, ' ').replace(/([a-z])([A-Z])/g, (_, a: string, b: string) => `${a} ${b.toLowerCase()}`);
}

/**
 * A field's value in words: an amount in cents ('amountCents', 'tipCents' of the extras' entries,
 * docs/product/extras.md#pay-requests) as money, a list of words as the words, else historyValue.
 */
function fieldValue(field: string, value: unknown): string {
  if (field.endsWith('Cents') && typeof value === 'number') return formatCents(value);
  if (Array.isArray(value) && value.length > 0 && value.every((item) => typeof item === 'string')) {
    return value.join(', ');
  }
  return historyValue(value);
}

/** What a change records for the site's own use, not the owner's: the version, the plan-ending mark. */
const BOOKKEEPING_FIELDS: ReadonlySet<string> = new Set(['calendar_sequence', 'plan_ending']);

/** One entry of a visit's history: when, who, what, and each field that changed ("status: requested -> confirmed"). */
export function describeChange(entry: VisitHistoryEntry): {
  when: string;
  who: string;
  what: string;
  changes: string[];
} {
  const changes = Object.entries(entry.after ?? {})
    .filter(([field]) => !BOOKKEEPING_FIELDS.has(field))
    .map(([field, value]) => {
      const name = fieldWords(field.replace(/Cents$/, ''));
      return entry.before && field in entry.before
        ? `${name}: ${fieldValue(field, entry.before[field])} -> ${fieldValue(field, value)}`
        : `${name}: ${fieldValue(field, value)}`;
    });
  return {
    when: formatInstant(entry.at),
    who: actorWords(entry.actor),
    what: ACTION_WORDS[entry.action] ?? entry.action,
    changes,
  };
}

/** What the desk says once an action has been applied, from the visit as it now is. */
export function actionDone(request: VisitActionRequest, visit: OwnerVisit): string {
  switch (request.action) {
    case 'propose':
      return `Proposed ${formatDay(visit.date)} at ${formatClock(visit.proposedStart ?? request.start)}: the customer has been e-mailed.`;
    case 'confirm':
      return `Visit confirmed: ${formatDay(visit.date)} at ${formatClock(visit.start ?? '')}.`;
    case 'reschedule':
      return `Visit moved to ${formatDay(visit.date)}, ${windowLabel(visit.window)}.`;
    case 'done':
      return request.extras?.length ? `Visit marked done. ${payRequestSent(visit)}` : 'Visit marked done.';
    case 'no-show':
      return 'Visit marked a no-show.';
    case 'cancel':
      return request.refund && visit.amountCents > 0
        ? `Visit cancelled and ${formatCents(visit.amountCents)} refunded.`
        : 'Visit cancelled.';
    case 'notes':
      return 'Notes saved.';
    case 'on-my-way':
      return `Texted: on my way, about ${request.minutes} minutes.`;
    case 'charge':
      return payRequestSent(visit);
    case 'cancel-charge':
      return 'Pay request cancelled: its link now says nothing is owed.';
    case 'refund-extras': {
      const refunded = visit.payRequest?.refundedCents ?? 0;
      return refunded > 0 ? `Extras refunded: ${formatCents(refunded)}.` : 'Extras refunded.';
    }
  }
}

/** What a pay request made says (docs/product/extras.md#the-pay-link): its total and order number, e-mailed. */
function payRequestSent(visit: OwnerVisit): string {
  const request = visit.payRequest;
  return request?.status === 'unpaid'
    ? `Pay request for ${formatCents(request.amountCents)} sent (${request.orderNumber}): the customer has been e-mailed a pay link.`
    : 'Pay request sent.';
}

/** The last day of `today`'s month: the desk's Plan visits lists what is due by then. */
export function endOfMonth(today: string): string {
  const [year = 0, month = 1] = today.split('-').map(Number);
  return new Date(Date.UTC(year, month, 0)).toISOString().slice(0, 10);
}

/** A plan visit's due date in words, 'Overdue' once it has passed; null for a booking's visit. */
export function dueLabel(visit: Pick<OwnerVisit, 'dueDate'>, today: string): string | null {
  if (!visit.dueDate) return null;
  const due = `due ${formatDay(visit.dueDate, 'short')}`;
  return visit.dueDate < today ? `Overdue: ${due}` : `D${due.slice(1)}`;
}

/**
 * The home's filter sizes on a plan visit still to do, 'Filters: 16x25x1, 20x20x1', so the technician
 * brings the right ones (docs/product/visits.md#plan-visits); null when none are known or the visit is over.
 */
export function filtersLabel(visit: Pick<OwnerVisit, 'planFilterSizes' | 'status'>): string | null {
  if (visit.planFilterSizes.length === 0) return null;
  if (visit.status !== 'requested' && visit.status !== 'confirmed') return null;
  return `Filters: ${visit.planFilterSizes.join(', ')}`;
}

/** Filter sizes as typed ('16x25x1, 20x20x1' or one a line) as a list; blanks dropped. */
export function parseFilterSizes(text: string): string[] {
  return text
    .split(/[\s,;]+/)
    .map((size) => size.trim())
    .filter(Boolean);
}

/** What a plan visit without visit details shows instead of its address. */
export const NO_ADDRESS = 'No address yet';
