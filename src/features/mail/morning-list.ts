/**
 * The owner's morning list (docs/product/emails.md#morning-list): today's visits in route order with
 * their times, addresses and phones, the visits still to confirm, the plan visits overdue, and the
 * leads since yesterday.
 * Pure. Shared core: relative imports with the extension only.
 */
import { VISIT_WINDOWS } from '../visits/windows.ts';
import { deskPath } from '../visits/desk-link.ts';
import { formatClock, formatDay } from '../../lib/dates.ts';
import type { OwnerVisit } from '../visits/owner-api.ts';
import { compose, type MailContent } from './compose.ts';

/** A lead as the list names it. */
export interface MorningLead {
  kind: 'contact' | 'download' | 'plan-request';
  name: string;
  phone: string;
  email: string;
}

/** A plan visit whose due date has passed and that is not done (docs/product/visits.md#plan-visits). */
export interface OverdueVisit {
  name: string;
  phone: string;
  service: string;
  /** `YYYY-MM-DD`. */
  dueDate: string;
}

/** What the morning list of a day holds. */
export interface MorningList {
  /** The Springfield day, `YYYY-MM-DD`. */
  day: string;
  /** The day's visits still to do, in route order. */
  visits: readonly OwnerVisit[];
  /** Requested visits from today on, not yet confirmed. */
  toConfirm: number;
  /** Of those, how many have a proposed time standing without an answer (docs/product/visits.md#proposed-times). */
  proposedUnanswered: number;
  /** Plan visits due before today, neither done nor cancelled, the longest overdue first. */
  overdue: readonly OverdueVisit[];
  leads: readonly MorningLead[];
}

const LEAD_KINDS: Record<MorningLead['kind'], string> = {
  contact: 'Contact message',
  download: 'Guide download',
  'plan-request': 'Plan request',
};

/** Whether there is anything to tell: a day with nothing in it sends nothing. */
export function hasNews(list: MorningList): boolean {
  return list.visits.length > 0 || list.toConfirm > 0 || list.overdue.length > 0 || list.leads.length > 0;
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** When a visit is: its agreed time, else its window. */
function visitWhen(visit: OwnerVisit): string {
  return visit.start && visit.end
    ? `${formatClock(visit.start)}-${formatClock(visit.end)}`
    : VISIT_WINDOWS[visit.window].label;
}

/** Who a visit is for: the name, else the e-mail. */
function visitWho(visit: OwnerVisit): string {
  return visit.customer.name || visit.customer.email;
}

/** One visit as a line: when, who, where, phone, what. */
function visitLine(visit: OwnerVisit, place: number): string {
  const where = `${visit.address.street}, ${visit.address.city} ${visit.address.zip}`;
  const status = visit.status === 'requested' ? ' (not confirmed yet)' : '';
  return `${place}. ${visitWhen(visit)}: ${visitWho(visit)}, ${where}, ${visit.customer.phone}, ${visit.service}${status}`;
}

/**
 * The morning list written out, summed up for the inbox by its counts and the first visit, with a
 * button opening the desk, one opening each visit and one opening the leads (`siteUrl` without a
 * trailing slash).
 */
export function morningListMail(list: MorningList, siteUrl: string): MailContent {
  const day = formatDay(list.day);
  const counts = [
    plural(list.visits.length, 'visit', 'visits'),
    `${list.toConfirm} to confirm`,
    ...(list.overdue.length ? [plural(list.overdue.length, 'plan visit overdue', 'plan visits overdue')] : []),
    plural(list.leads.length, 'new lead', 'new leads'),
  ].join(', ');
  const paragraphs = [
    ...(list.visits.length
      ? ["Today's visits, in route order:", ...list.visits.map((v, i) => visitLine(v, i + 1))]
      : ['No visits today.']),
    list.toConfirm
      ? `${plural(list.toConfirm, 'visit is', 'visits are')} still to confirm: propose a time or call.${
          list.proposedUnanswered ? ` ${list.proposedUnanswered} of them proposed, no answer yet.` : ''
        }`
      : 'Nothing to confirm.',
    ...(list.overdue.length
      ? [
          'Plan visits overdue (call to set a day):',
          ...list.overdue.map(
            (v) =>
              `${v.name}, ${[v.phone, v.service].filter(Boolean).join(', ')}, due ${formatDay(v.dueDate, 'short')}`,
          ),
        ]
      : []),
    ...(list.leads.length
      ? [
          'New leads since the last list:',
          ...list.leads.map((l) => `${LEAD_KINDS[l.kind]}: ${[l.name, l.phone, l.email].filter(Boolean).join(', ')}`),
        ]
      : ['No new leads since the last list.']),
  ];
  const first = list.visits[0];
  return compose({
    subject: `Today, ${day}: ${counts}`,
    preheader: first
      ? `${counts}. First: ${visitWhen(first)}, ${visitWho(first)}, ${first.address.street}, ${first.address.city}.`
      : `${counts}.`,
    greeting: `Good morning. ${counts}.`,
    paragraphs,
    // Each visit and the leads by their own address on the desk (docs/product/desk.md#owners-desk).
    actions: [
      { label: 'Open the desk', url: `${siteUrl}${deskPath(null)}` },
      ...list.visits.map((v, i) => ({
        label: `Open visit ${i + 1}, ${visitWho(v)}`,
        url: `${siteUrl}${deskPath({ visit: v.id })}`,
      })),
      ...(list.leads.length ? [{ label: 'Open the leads', url: `${siteUrl}${deskPath({ tab: 'leads' })}` }] : []),
    ],
  });
}
