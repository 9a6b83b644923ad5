/**
 * Visits as records (docs/product/visits.md#visits): the row, how it is read, and the only SQL that writes
 * one (`insertVisit` here, `transition` in transition.ts for every change after), so each write
 * lands in the visit's history.
 */
import { PLACE_HOLDING_STATUSES, type VisitStatus } from '../../../src/features/visits/status.ts';
import type { VisitWindow } from '../../../src/features/visits/windows.ts';
import type { Db } from '../platform/db.ts';
import { HttpError } from '../platform/http-error.ts';

/** A visit as the visits table holds it. */
export interface VisitRow {
  id: string;
  order_id: number | null;
  subscription_id: string | null;
  user_id: string;
  customer_name: string | null;
  customer_email: string;
  phone: string;
  street: string;
  city: string;
  zip: string;
  service: string;
  options: Record<string, unknown>;
  day: string;
  time_window: VisitWindow;
  start_time: string | null;
  end_time: string | null;
  status: VisitStatus;
  notes: string;
  tech_notes: string;
  completion_note: string | null;
  completed_at: Date | null;
  over_capacity: boolean;
  calendar_sequence: number;
  /** A plan visit's number in its plan and due date (docs/product/visits.md#plan-visits); null for a booking's. */
  plan_visit_no: number | null;
  due_date: string | null;
  /** Whether the site cancelled it because its plan was ending (requested again if the plan is kept). */
  plan_ending: boolean;
  /** What the visit did, once done (docs/product/visits.md#plan-visits). */
  checklist: string[];
  filter_sizes: string[];
  detectors_tested: number | null;
  /** The standing proposal (docs/product/visits.md#proposed-times): its start, when sent, when reminded. */
  proposed_start: string | null;
  proposed_at: Date | null;
  proposal_reminded_at: Date | null;
  /** The customer's note when they last asked for another time. */
  time_note: string | null;
  /**
   * A booking's visit done: the day its service is due again (`YYYY-MM-DD`,
   * docs/product/due-again.md#when-a-service-is-due-again), set by its 'done'; null otherwise.
   */
  due_again: string | null;
  created_at: Date;
  updated_at: Date;
}

/** The columns of a visit, as VisitRow names them. */
const COLUMNS = [
  'id',
  'order_id',
  'subscription_id',
  'user_id',
  'customer_name',
  'customer_email',
  'phone',
  'street',
  'city',
  'zip',
  'service',
  'options',
  'day',
  'time_window',
  'start_time',
  'end_time',
  'status',
  'notes',
  'tech_notes',
  'completion_note',
  'completed_at',
  'over_capacity',
  'calendar_sequence',
  'plan_visit_no',
  'due_date',
  'plan_ending',
  'checklist',
  'filter_sizes',
  'detectors_tested',
  'proposed_start',
  'proposed_at',
  'proposal_reminded_at',
  'time_note',
  'due_again',
  'created_at',
  'updated_at',
] as const satisfies readonly (keyof VisitRow)[];

/** The columns of a visit, for `select` from `visits v`. */
export const VISIT_COLUMNS = COLUMNS.map((column) => `v.${column}`).join(', ');

/** The same, for a statement's `returning` on `visits` without an alias. */
export const RETURNED_VISIT = COLUMNS.join(', ');

/**
 * The condition "the visit still takes a place in its window" (requested or confirmed), from the
 * statuses that hold one: `alias` is the visits table's alias in the query, if any.
 */
export function holdsPlaceSql(alias = ''): string {
  const column = alias ? `${alias}.status` : 'status';
  return `${column} in (${PLACE_HOLDING_STATUSES.map((status) => `'${status}'`).join(', ')})`;
}

/** A visit with what its order adds. */
export type VisitWithOrder = VisitRow & {
  /** The plan's tier and the home's filter sizes as last found, for a plan visit. */
  plan_tier: string | null;
  plan_filter_sizes: string[] | null;
  order_number: string | null;
  amount_cents: number | null;
  refunded_cents: number | null;
  checkout_session_id: string | null;
  /** The visit's newest pay request for extras, as the desk reads it (docs/product/extras.md#pay-requests), or null. */
  pay_request: Record<string, unknown> | null;
};

// A plan visit has no order of its own: it shows the plan's (the order that started it).
export const SELECT_VISITS = `select ${VISIT_COLUMNS},
    coalesce(o.order_number, (select po.order_number from orders po where po.subscription_id = v.subscription_id
                              and v.order_id is null order by po.id limit 1)) as order_number,
    o.amount_cents, o.refunded_cents, o.checkout_session_id,
    case when v.plan_visit_no is not null then v.service end as plan_tier, ps.filter_sizes as plan_filter_sizes,
    (select jsonb_build_object('id', pr.id, 'orderNumber', pr.order_number, 'status', pr.status, 'items', pr.items,
              'amountCents', pr.amount_cents, 'tipCents', pr.tip_cents, 'note', pr.note, 'createdAt', pr.created_at,
              'paidAt', pr.paid_at, 'refundedCents', coalesce(po.refunded_cents, 0))
     from pay_requests pr left join orders po on po.id = pr.order_id
     where pr.visit_id = v.id order by pr.created_at desc, pr.id desc limit 1) as pay_request
  from visits v left join orders o on o.id = v.order_id
  left join subscriptions ps on ps.id = v.subscription_id and v.plan_visit_no is not null`;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** One visit with its order; 404 for an unknown id. `lock` holds its row for the rest of the transaction. */
export async function findVisit(db: Db, id: string, lock = false): Promise<VisitWithOrder> {
  if (!UUID.test(id)) throw new HttpError(404, 'No such visit.');
  const [row] = await db.query<VisitWithOrder>(`${SELECT_VISITS} where v.id = $1${lock ? ' for update of v' : ''}`, [
    id,
  ]);
  if (!row) throw new HttpError(404, 'No such visit.');
  return row;
}

/** Writes one change to a visit's history. */
export async function recordVisitEvent(
  tx: Db,
  visitId: string,
  actor: string,
  action: string,
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
): Promise<void> {
  await tx.query(
    'insert into visit_events (visit_id, actor, action, before, after) values ($1, $2, $3, $4::jsonb, $5::jsonb)',
    [visitId, actor, action, before ? JSON.stringify(before) : null, after ? JSON.stringify(after) : null],
  );
}

/** What a new visit holds: requested, for a day and window, for a booking's order or a plan's visit number. */
export type NewVisit = Pick<
  VisitRow,
  | 'user_id'
  | 'customer_name'
  | 'customer_email'
  | 'phone'
  | 'street'
  | 'city'
  | 'zip'
  | 'service'
  | 'day'
  | 'time_window'
  | 'notes'
  | 'over_capacity'
> &
  Partial<Pick<VisitRow, 'order_id' | 'subscription_id' | 'plan_visit_no' | 'due_date' | 'options'>>;

/**
 * Makes a visit, requested, with its history's first line (the site made it; `told` adds what the
 * history says beyond its status, day and window). Null when a plan's visit of that number exists
 * already (a retry, a replay or two runs at once make nothing twice).
 */
export async function insertVisit(
  tx: Db,
  visit: NewVisit,
  told: Record<string, unknown> = {},
): Promise<VisitRow | null> {
  const [created] = await tx.query<VisitRow>(
    `insert into visits (order_id, subscription_id, plan_visit_no, due_date, user_id, customer_name,
                              customer_email, phone, street, city, zip, service, options, day, time_window, notes,
                              over_capacity)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13::jsonb, $14, $15, $16, $17)
     on conflict (subscription_id, plan_visit_no) do nothing
     returning ${RETURNED_VISIT}`,
    [
      visit.order_id ?? null,
      visit.subscription_id ?? null,
      visit.plan_visit_no ?? null,
      visit.due_date ?? null,
      visit.user_id,
      visit.customer_name,
      visit.customer_email,
      visit.phone,
      visit.street,
      visit.city,
      visit.zip,
      visit.service,
      JSON.stringify(visit.options ?? {}),
      visit.day,
      visit.time_window,
      visit.notes,
      visit.over_capacity,
    ],
  );
  if (!created) return null;
  await recordVisitEvent(tx, created.id, 'site', 'created', null, {
    status: created.status,
    day: created.day,
    window: created.time_window,
    ...told,
    ...(created.over_capacity ? { overCapacity: true } : {}),
  });
  return created;
}

/** Notes that a proposal's one reminder was sent (no change of the visit itself: its links stay good). */
export async function markProposalReminded(tx: Db, visitId: string, at: Date): Promise<void> {
  await tx.query('update visits set proposal_reminded_at = $2 where id = $1', [visitId, at]);
}

/** Notes that the owner was told a plan visit is due (`visit.due`, once per visit): no change of the visit itself. */
export async function markDueTold(tx: Db, visitId: string): Promise<void> {
  await tx.query('update visits set due_told_at = now() where id = $1', [visitId]);
}
