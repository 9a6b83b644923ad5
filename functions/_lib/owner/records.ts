/**
 * The owner's leads, customers and exports (docs/product/desk.md#owner-api): the leads with their
 * follow-up status and note; customers found by name, e-mail, phone (the last four digits too) or
 * ZIP, each with their visits, orders, plan details and leads; and the CSV exports, with cells no
 * spreadsheet runs as a formula (the cells of `npm run leads:export`).
 */
import type {
  CustomerOrder,
  CustomerVisit,
  ExportName,
  LeadChange,
  LeadStatus,
  OwnerCustomer,
  OwnerCustomerAnswer,
  OwnerLead,
} from '../../../src/features/owner/records-api.ts';
import { SERVICE_NAMES, type ServiceType } from '../../../src/features/booking/pricing.ts';
import { extrasWords } from '../../../src/features/mail/describe.ts';
import type { Db } from '../platform/db.ts';
import { HttpError } from '../platform/http-error.ts';
import { csvField } from '../leads/leads-csv.ts';
import { DUE_WITHIN_DEFAULT } from '../../../src/features/visits/due-again.ts';
import { dueCustomers } from './due.ts';

const ISO = (column: string, as = column) =>
  `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as ${as}`;

interface LeadRow {
  id: string;
  kind: OwnerLead['kind'];
  status: LeadStatus;
  note: string;
  created_at: string;
  payload: Record<string, unknown>;
  delivery_state: OwnerLead['relay'];
}

const LEAD_SELECT = `select id, kind, status, note, ${ISO('created_at')}, payload, delivery_state from public.leads`;

const text = (payload: Record<string, unknown>, ...names: string[]) =>
  names.map((n) => payload[n]).find((v): v is string => typeof v === 'string' && v.trim() !== '') ?? '';

function ownerLead(row: LeadRow): OwnerLead {
  return {
    id: row.id,
    kind: row.kind,
    status: row.status,
    note: row.note,
    createdAt: row.created_at,
    name: text(row.payload, 'name', 'fullName', 'firstName'),
    email: text(row.payload, 'email'),
    phone: text(row.payload, 'phone'),
    fields: row.payload,
    relay: row.delivery_state,
  };
}

/** The visitors' leads, newest first, of one status when given. */
export async function listDeskLeads(db: Db, status: LeadStatus | null): Promise<OwnerLead[]> {
  const rows = await db.query<LeadRow>(
    `${LEAD_SELECT} where kind <> 'order' and ($1::text is null or status = $1) order by created_at desc, id limit 500`,
    [status],
  );
  return rows.map(ownerLead);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Sets a lead's status and/or note; 404 for an unknown lead. */
export async function changeLead(db: Db, id: string, change: LeadChange): Promise<OwnerLead> {
  if (!UUID.test(id)) throw new HttpError(404, 'No such lead');
  const [row] = await db.query<LeadRow>(
    `update public.leads set status = coalesce($2, status), note = coalesce($3, note),
       status_changed_at = case when $2::text is null then status_changed_at else now() end
     where id = $1 and kind <> 'order'
     returning id, kind, status, note, ${ISO('created_at')}, payload, delivery_state`,
    [id, change.status ?? null, change.note?.trim() ?? null],
  );
  if (!row) throw new HttpError(404, 'No such lead');
  return ownerLead(row);
}

/**
 * Everyone the site knows as a customer (an account with a card-provider customer, a visit or plan
 * details), with the name, phone and ZIP of their plan details, else of their newest visit.
 */
const CUSTOMERS = `
  with people as (
    select user_id from public.customers union select user_id from public.visits
    union select user_id from public.plan_details
  )
  select p.user_id::text as id,
         coalesce(nullif(d.full_name, ''), nullif(lv.customer_name, ''), lo.customer_name, '') as name,
         coalesce(c.email, nullif(lv.customer_email, ''), lo.customer_email, '') as email,
         coalesce(d.phone, lv.phone, '') as phone,
         coalesce(d.zip, lv.zip, '') as zip,
         s.tier, s.status as plan_status, s.cancel_at_period_end
  from people p
  left join public.customers c on c.user_id = p.user_id
  left join public.plan_details d on d.user_id = p.user_id
  left join lateral (
    select customer_name, customer_email, phone, zip from public.visits v
    where v.user_id = p.user_id order by v.created_at desc limit 1
  ) lv on true
  left join lateral (
    select customer_name, customer_email from public.orders o
    where o.user_id = p.user_id and o.customer_name is not null order by o.id desc limit 1
  ) lo on true
  left join lateral (
    select tier, status, cancel_at_period_end from public.subscriptions s
    where s.user_id = p.user_id and s.duplicate_of is null order by s.updated_at desc limit 1
  ) s on true`;

interface CustomerRow {
  id: string;
  name: string;
  email: string;
  phone: string;
  zip: string;
  tier: string | null;
  plan_status: string | null;
  cancel_at_period_end: boolean | null;
}

function ownerCustomer(row: CustomerRow): OwnerCustomer {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    zip: row.zip,
    plan: row.tier
      ? { tier: row.tier, status: row.plan_status ?? '', cancelAtPeriodEnd: row.cancel_at_period_end ?? false }
      : null,
  };
}

/**
 * Customers matching `q`: part of the name or e-mail, the phone's digits (four or more, so the last
 * four find it), or the ZIP's start; everyone (the first 100 by name) for an empty `q`.
 */
export async function searchCustomers(db: Db, q: string): Promise<OwnerCustomer[]> {
  const term = q.trim().toLowerCase();
  const digits = term.replace(/\D/g, '');
  const rows = await db.query<CustomerRow>(
    `select * from (${CUSTOMERS}) found
     where $1 = '' or position($1 in lower(name)) > 0 or position($1 in lower(email)) > 0
        or (length($2) >= 4 and position($2 in regexp_replace(phone, '[^0-9]', '', 'g')) > 0)
        or (length($2) >= 3 and zip like $2 || '%')
     order by lower(name), email limit 100`,
    [term, digits],
  );
  return rows.map(ownerCustomer);
}

/** One customer with their visits, orders, plan details and leads (by their e-mail); 404 for none. */
export async function customerRecord(db: Db, id: string): Promise<OwnerCustomerAnswer> {
  if (!UUID.test(id)) throw new HttpError(404, 'No such customer');
  const [row] = await db.query<CustomerRow>(`select * from (${CUSTOMERS}) found where id = $1`, [id]);
  if (!row) throw new HttpError(404, 'No such customer');
  const customer = ownerCustomer(row);
  const rows = await db.query<CustomerVisit>(
    `select id, day as date, time_window as window, status, service,
            street || ', ' || city || ' ' || zip as address
     from public.visits where user_id = $1 order by day desc, time_window`,
    [id],
  );
  // The service in words, as the desk's visits show it.
  const visits = rows.map((v) => ({ ...v, service: SERVICE_NAMES[v.service as ServiceType] ?? v.service }));
  const orders = await db.query<CustomerOrder>(
    `select order_number as "orderNumber", kind, item, amount_cents as "amountCents", status, ${ISO('created_at', '"createdAt"')}
     from public.orders where user_id = $1 and status <> 'pending' order by created_at desc`,
    [id],
  );
  const [details] = await db.query<NonNullable<OwnerCustomerAnswer['planDetails']>>(
    `select full_name as "fullName", phone, street, city, state, zip, preferred_day as "preferredDay", instructions
     from public.plan_details where user_id = $1`,
    [id],
  );
  const leads = customer.email
    ? await db.query<LeadRow>(
        `${LEAD_SELECT} where kind <> 'order' and lower(payload ->> 'email') = lower($1) order by created_at desc`,
        [customer.email],
      )
    : [];
  return { customer, visits, orders, planDetails: details ?? null, leads: leads.map(ownerLead) };
}

/** Rows as CSV: a header, then one quoted, formula-safe line per row (RFC 4180 line ends). */
function toCsv(columns: readonly string[], rows: readonly Record<string, unknown>[]): string {
  const lines = [columns.map((c) => csvField(c)), ...rows.map((row) => columns.map((c) => csvField(row[c], c)))];
  return lines.map((line) => line.join(',')).join('\r\n') + '\r\n';
}

/** A `from`/`to` day range (`YYYY-MM-DD`, either optional). */
export interface DayRange {
  from: string | null;
  to: string | null;
}

/**
 * The CSV of one export: visits by their day within the range; orders and leads by the day they
 * were stored (UTC); customers whole.
 */
export async function exportCsv(db: Db, name: ExportName, { from, to }: DayRange): Promise<string> {
  const created = `($1::text is null or created_at >= $1::date) and ($2::text is null or created_at < $2::date + 1)`;
  switch (name) {
    case 'customers': {
      const rows = await db.query(`${CUSTOMERS} order by 2, 3`);
      return toCsv(['id', 'name', 'email', 'phone', 'zip', 'tier', 'plan_status'], rows);
    }
    case 'visits': {
      const rows = await db.query(
        `select v.id, v.day, v.time_window, v.start_time, v.end_time, v.status, v.customer_name, v.customer_email,
                v.phone, v.street, v.city, v.zip, v.service, v.notes, v.tech_notes, v.completion_note, o.order_number
         from public.visits v left join public.orders o on o.id = v.order_id
         where ($1::text is null or v.day >= $1) and ($2::text is null or v.day <= $2)
         order by v.day, v.time_window, v.created_at`,
        [from, to],
      );
      const columns = [
        'id',
        'day',
        'time_window',
        'start_time',
        'end_time',
        'status',
        'customer_name',
        'customer_email',
      ];
      return toCsv(
        [
          ...columns,
          'phone',
          'street',
          'city',
          'zip',
          'service',
          'notes',
          'tech_notes',
          'completion_note',
          'order_number',
        ],
        rows,
      );
    }
    case 'orders': {
      const rows = await db.query<Record<string, unknown> & { kind: string; options: Record<string, unknown> }>(
        `select order_number, ${ISO('created_at')}, kind, item, amount_cents, refunded_cents, currency, status,
                customer_name, customer_email, subscription_id, tip_cents, options
         from public.orders where status <> 'pending' and ${created} order by created_at`,
        [from, to],
      );
      const columns = ['order_number', 'created_at', 'kind', 'item', 'amount_cents', 'refunded_cents', 'currency'];
      // An extras order (docs/product/extras.md#where-customers-read-it): its lines in words and its tip apart.
      return toCsv(
        [...columns, 'status', 'customer_name', 'customer_email', 'subscription_id', 'tip_cents', 'extras'],
        rows.map(({ options, ...row }) => ({
          ...row,
          extras: row.kind === 'extras' ? extrasWords(options['items']) : '',
        })),
      );
    }
    case 'leads': {
      const rows = await db.query<LeadRow>(`${LEAD_SELECT} where kind <> 'order' and ${created} order by created_at`, [
        from,
        to,
      ]);
      return toCsv(
        ['id', 'created_at', 'kind', 'status', 'note', 'name', 'email', 'phone', 'fields'],
        rows.map((row) => {
          const lead = ownerLead(row);
          return { ...lead, created_at: lead.createdAt, fields: lead.fields };
        }),
      );
    }
  }
}

/** The export of the customers due again (docs/product/due-again.md#the-owners-list): `due.csv`. */
export const DUE_EXPORT = 'due';

/**
 * The CSV of the customers due again within the next 30 days or overdue at `at`, soonest first:
 * the Due list's rows (due.ts), whatever the range asked for.
 */
export async function exportDueCsv(db: Db, at: Date): Promise<string> {
  const rows = await dueCustomers(db, DUE_WITHIN_DEFAULT, at);
  return toCsv(
    ['name', 'email', 'phone', 'service', 'due_date', 'last_visit', 'reminded_at', 'followed_up_at'],
    rows.map((row) => ({
      name: row.customer.name ?? '',
      email: row.customer.email,
      phone: row.customer.phone,
      service: row.service,
      due_date: row.dueDate,
      last_visit: row.lastVisit,
      reminded_at: row.remindedAt ?? '',
      followed_up_at: row.followedUpAt ?? '',
    })),
  );
}
