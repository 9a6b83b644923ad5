/**
 * The visits as the owner's desk and the morning list read them (docs/product/desk.md#owners-desk,
 * docs/product/desk.md#owner-api): a range in route order, the plan visits due, those to confirm, and one
 * visit with its history.
 */
import { SITE } from '../../../src/site.ts';
import { visitService } from '../../../src/features/mail/describe.ts';
import { isPlanType, visitChecklist } from '../../../src/features/plans/plans.ts';
import { zipCentre } from '../../../src/features/service-area/area-list.server.ts';
import type { GeoPoint } from '../../../src/features/service-area/area.ts';
import type { OwnerVisit, VisitHistoryEntry } from '../../../src/features/visits/owner-api.ts';
import type { PayRequest } from '../../../src/features/extras/extras.ts';
import { routeEtas, type RouteStop } from '../../../src/features/visits/eta.ts';
import { routeOrder } from '../../../src/features/visits/route.ts';
import { businessToday } from '../../../src/lib/dates.ts';
import { now } from '../platform/clock.ts';
import type { VisitWindow } from '../../../src/features/visits/windows.ts';
import type { Db } from '../platform/db.ts';
import { findVisit, holdsPlaceSql, SELECT_VISITS, VISIT_COLUMNS, type VisitRow, type VisitWithOrder } from './store.ts';

/** The windows in the order a day is worked. */
const WINDOW_ORDER: readonly VisitWindow[] = ['morning', 'saturday', 'afternoon'];

/**
 * The visit as the desk shows it; `etaMinutes` the minutes 'On my way' suggests (today's confirmed
 * visits). Whether it can be texted is the owner's side to say (owner/visit-texts.ts): 'off' here.
 */
export function ownerVisit(row: VisitWithOrder, route: number | null, etaMinutes: number | null = null): OwnerVisit {
  return {
    id: row.id,
    status: row.status,
    date: row.day,
    window: row.time_window,
    start: row.start_time,
    end: row.end_time,
    service: visitService(row),
    serviceType: row.service,
    options: row.options,
    amountCents: row.amount_cents ?? 0,
    orderNumber: row.order_number,
    customer: { name: row.customer_name, email: row.customer_email, phone: row.phone },
    address: { street: row.street, city: row.city, zip: row.zip },
    notes: row.notes,
    techNotes: row.tech_notes,
    completionNote: row.completion_note,
    overCapacity: row.over_capacity,
    route,
    requestedAt: new Date(row.created_at).toISOString(),
    dueDate: row.due_date,
    planVisit: row.plan_visit_no,
    checklist: row.checklist,
    filterSizes: row.filter_sizes,
    detectorsTested: row.detectors_tested,
    planFilterSizes: row.plan_filter_sizes ?? [],
    checklistItems: isPlanType(row.plan_tier) ? visitChecklist(row.plan_tier) : [],
    proposedStart: row.proposed_start,
    proposedAt: row.proposed_at ? new Date(row.proposed_at).toISOString() : null,
    proposalRemindedAt: row.proposal_reminded_at ? new Date(row.proposal_reminded_at).toISOString() : null,
    timeNote: row.time_note,
    textable: 'off',
    etaMinutes,
    payRequest: payRequestOf(row.pay_request),
  };
}

/** The newest pay request as the desk reads it, its instants in ISO form whichever engine wrote them. */
function payRequestOf(value: Record<string, unknown> | null): PayRequest | null {
  if (!value) return null;
  const instant = (v: unknown) => (typeof v === 'string' ? new Date(v).toISOString() : null);
  return {
    ...(value as unknown as PayRequest),
    createdAt: instant(value['createdAt']) ?? '',
    paidAt: instant(value['paidAt']),
  };
}

type RoutedRow = Pick<VisitRow, 'id' | 'day' | 'time_window' | 'zip' | 'status'>;

/**
 * Each day's stops in route order: window by window, nearest neighbour from the business (then from
 * the last visit of the window before) through the visits' ZIP centres; a visit whose ZIP has no
 * known centre last in its window. Cancelled visits are no stops.
 */
function dayRoutes(rows: readonly RoutedRow[]): RouteStop[][] {
  const days = new Map<string, RoutedRow[]>();
  for (const row of rows) {
    if (row.status === 'cancelled') continue;
    days.set(row.day, [...(days.get(row.day) ?? []), row]);
  }
  return [...days.values()].map((visits) => {
    let here: GeoPoint = SITE.address.geo;
    const route: RouteStop[] = [];
    for (const window of WINDOW_ORDER) {
      const stops = visits.filter((v) => v.time_window === window).map((v) => ({ id: v.id, place: zipCentre(v.zip) }));
      for (const id of routeOrder(here, stops)) {
        const stop = stops.find((s) => s.id === id)!;
        route.push(stop);
        if (stop.place) here = stop.place;
      }
    }
    return route;
  });
}

/** Each visit's place in its day's route, from 1; none for a visit whose ZIP has no known centre. */
export function routePlaces(rows: readonly RoutedRow[]) {
  const places = new Map<string, number>();
  for (const route of dayRoutes(rows)) {
    route.forEach((stop, i) => {
      if (stop.place) places.set(stop.id, i + 1);
    });
  }
  return places;
}

/**
 * The minutes 'On my way' suggests for each of today's confirmed visits among `rows` (with every
 * visit of today among them), from the stop before it in the day's route
 * (docs/product/texts.md#on-my-way).
 */
export function todaysEtas(rows: readonly RoutedRow[]): Map<string, number> {
  const today = businessToday(now());
  const todays = rows.filter((row) => row.day === today);
  const confirmed = new Set(todays.filter((row) => row.status === 'confirmed').map((row) => row.id));
  const etas = new Map<string, number>();
  for (const route of dayRoutes(todays)) {
    for (const [id, minutes] of routeEtas(SITE.address.geo, route)) if (confirmed.has(id)) etas.set(id, minutes);
  }
  return etas;
}

/** The visits from `from` to `to` (and of one status, when given), by day, window and route. */
export async function listVisits(db: Db, from: string, to: string, status: string | null): Promise<OwnerVisit[]> {
  const rows = await db.query<VisitWithOrder>(
    `${SELECT_VISITS} where v.day >= $1 and v.day <= $2 and ($3::text is null or v.status = $3)
     order by v.day, v.time_window, v.created_at`,
    [from, to, status],
  );
  const places = routePlaces(rows);
  const etas = todaysEtas(rows);
  const order = (v: OwnerVisit) => [v.date, WINDOW_ORDER.indexOf(v.window), v.route ?? Number.MAX_SAFE_INTEGER];
  return rows
    .map((row) => ownerVisit(row, places.get(row.id) ?? null, etas.get(row.id) ?? null))
    .sort((a, b) => {
      const [x, y] = [order(a), order(b)];
      return x[0]! < y[0]! ? -1 : x[0]! > y[0]! ? 1 : Number(x[1]) - Number(y[1]) || Number(x[2]) - Number(y[2]);
    });
}

/** Plan visits still to do due on or before `dueBy`, soonest due first (the desk's Plan visits due). */
export async function planVisitsDue(db: Db, dueBy: string): Promise<OwnerVisit[]> {
  const rows = await db.query<VisitWithOrder>(
    `${SELECT_VISITS} where v.plan_visit_no is not null and ${holdsPlaceSql('v')} and v.due_date <= $1
     order by v.due_date, v.day, v.created_at limit 500`,
    [dueBy],
  );
  return rows.map((row) => ownerVisit(row, null));
}

/** Requested visits, oldest first (the desk's To confirm). */
export async function visitsToConfirm(db: Db): Promise<OwnerVisit[]> {
  const rows = await db.query<VisitWithOrder>(
    `${SELECT_VISITS} where v.status = 'requested' order by v.created_at limit 200`,
  );
  return rows.map((row) => ownerVisit(row, null));
}

/** One visit with its history; 404 for an unknown id. */
export async function visitWithHistory(db: Db, id: string): Promise<OwnerVisit & { history: VisitHistoryEntry[] }> {
  const row = await findVisit(db, id);
  const [places, history] = await Promise.all([
    db.query<VisitRow>(`select ${VISIT_COLUMNS} from visits v where v.day = $1`, [row.day]),
    db.query<{ at: Date; actor: string; action: string; before: unknown; after: unknown }>(
      'select at, actor, action, before, after from visit_events where visit_id = $1 order by at, id',
      [id],
    ),
  ]);
  return {
    ...ownerVisit(row, routePlaces(places).get(id) ?? null, todaysEtas(places).get(id) ?? null),
    history: history.map((h) => ({
      at: new Date(h.at).toISOString(),
      actor: h.actor,
      action: h.action,
      before: (h.before as Record<string, unknown> | null) ?? null,
      after: (h.after as Record<string, unknown> | null) ?? null,
    })),
  };
}
