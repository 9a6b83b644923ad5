/**
 * The card provider's customer of a signed-in user, created once and remembered in `customers`,
 * so subscriptions, payments and the billing portal all belong to the same customer.
 */
import type Stripe from 'stripe';
import type { AuthUser } from '../platform/auth.ts';
import type { Db } from '../platform/db.ts';
import { providerFailure } from '../platform/stripe.ts';

/** The stored customer id of a user, or null. */
export async function findCustomerId(db: Db, userId: string): Promise<string | null> {
  const rows = await db.query<{ stripe_customer_id: string }>(
    'select stripe_customer_id from customers where user_id = $1',
    [userId],
  );
  return rows[0]?.stripe_customer_id ?? null;
}

/** The user's customer id, creating the customer on first use. */
export async function findOrCreateCustomerId(db: Db, stripe: Stripe, user: AuthUser): Promise<string> {
  const existing = await findCustomerId(db, user.id);
  if (existing) return existing;
  let customer: Stripe.Customer;
  try {
    // The key makes two simultaneous first checkouts of one user get the same customer.
    customer = await stripe.customers.create(
      { email: user.email, metadata: { user_id: user.id } },
      { idempotencyKey: `customer-${user.id}` },
    );
  } catch (error) {
    throw providerFailure('create customer', error);
  }
  await db.query(
    `insert into customers (user_id, email, stripe_customer_id) values ($1, $2, $3) on conflict (user_id) do nothing`,
    [user.id, user.email, customer.id],
  );
  return (await findCustomerId(db, user.id)) ?? customer.id;
}
