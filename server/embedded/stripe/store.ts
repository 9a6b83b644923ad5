/** Reading and writing the emulator's Stripe objects (`emulator_stripe.objects`). */
import type { Db } from '../../../functions/_lib/platform/db.ts';

/** Any Stripe object: an id, its `object` type and the rest of its fields. */
export interface StripeObject {
  id: string;
  object: string;
  [field: string]: unknown;
}

/** A stored object with the emulator's private state alongside. */
export interface Stored<T extends StripeObject = StripeObject> {
  data: T;
  private: Record<string, unknown>;
}

/** A text field of an object or of its private state, or `fallback` when it has none. */
export function textOr(value: unknown, fallback: string): string {
  return typeof value === 'string' ? value : fallback;
}

/** The object with this id and type, or null. `forUpdate` locks the row for the transaction. */
export async function load<T extends StripeObject>(
  db: Db,
  object: string,
  id: string,
  forUpdate = false,
): Promise<Stored<T> | null> {
  const rows = await db.query<Stored<T>>(
    `select data, private from emulator_stripe.objects where id = $1 and object = $2${forUpdate ? ' for update' : ''}`,
    [id, object],
  );
  return rows[0] ?? null;
}

/** Inserts or replaces an object (and, when given, its private state). */
export async function save(db: Db, data: StripeObject, privateState?: Record<string, unknown>): Promise<void> {
  const customer =
    typeof data['customer'] === 'string' ? data['customer'] : data.object === 'customer' ? data.id : null;
  const email = typeof data['email'] === 'string' ? data['email'].toLowerCase() : null;
  await db.query(
    `insert into emulator_stripe.objects (id, object, customer, email, data, private)
     values ($1, $2, $3, $4, $5::jsonb, coalesce($6::jsonb, '{}'))
     on conflict (id) do update set customer = excluded.customer, email = excluded.email, data = excluded.data,
       private = coalesce($6::jsonb, emulator_stripe.objects.private)`,
    [data.id, data.object, customer, email, JSON.stringify(data), privateState ? JSON.stringify(privateState) : null],
  );
}

/** Objects of a type, newest first, optionally only a customer's or an e-mail's. */
export async function list<T extends StripeObject>(
  db: Db,
  object: string,
  filter: { customer?: string; email?: string; limit: number },
): Promise<Stored<T>[]> {
  const where = ['object = $1'];
  const params: unknown[] = [object];
  if (filter.customer !== undefined) {
    params.push(filter.customer);
    where.push(`customer = $${params.length}`);
  }
  if (filter.email !== undefined) {
    params.push(filter.email.toLowerCase());
    where.push(`email = $${params.length}`);
  }
  params.push(filter.limit);
  return db.query<Stored<T>>(
    `select data, private from emulator_stripe.objects where ${where.join(' and ')}
     order by created_at desc, id limit $${params.length}`,
    params,
  );
}
