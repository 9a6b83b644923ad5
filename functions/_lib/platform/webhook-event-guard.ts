/**
 * Values a correctly signed card-provider event could carry but the provider never sends: a
 * fractional or out-of-range time, a fractional or out-of-range amount, a negative checkout total,
 * text no database can hold (NUL, unpaired surrogates). Each would fail in the database halfway
 * through applying the event (a 500, and the provider retrying it for days); checked on the whole
 * event before anything is written, so such an event is refused with a 400 naming the field and
 * changes nothing. Generic over the event's shape, so it holds for every event type we apply.
 */
import { HttpError } from './http-error.ts';
import { unstorableIn } from './http.ts';

/** 9999-12-31T23:59:59Z: the last second every database and JavaScript date can hold. */
const MAX_UNIX_SECONDS = 253_402_300_799;

/** The largest amount in the smallest currency unit a Postgres integer column holds. */
const MAX_AMOUNT = 2_147_483_647;

/** Whether a field holds a unix time: `created`, `*_at`, `*_end`, `*_start`, `*_date`, a period's `start`/`end`. */
function isTimeField(key: string): boolean {
  return (
    key === 'created' ||
    key === 'start' ||
    key === 'end' ||
    key === 'billing_cycle_anchor' ||
    /_(at|end|start|date)$/.test(key)
  );
}

/** Whether a field holds an amount: `amount`, `amount_*`, `*_amount` (`*_decimal` strings are not numbers). */
function isAmountField(key: string): boolean {
  return key === 'amount' || key.startsWith('amount_') || key.endsWith('_amount');
}

/** Why a number at `key` is absurd, or null. */
function numberProblem(key: string, value: number, inCheckoutSession: boolean): string | null {
  if (isTimeField(key) && !(Number.isInteger(value) && value >= 0 && value <= MAX_UNIX_SECONDS)) {
    return 'must be a whole unix time from 1970 to 9999';
  }
  if (isAmountField(key)) {
    if (!Number.isInteger(value) || Math.abs(value) > MAX_AMOUNT) return 'must be a whole amount in cents';
    // What a customer paid at checkout is never negative (an invoice's credits can be).
    if (inCheckoutSession && value < 0) return 'must not be negative';
  }
  return null;
}

/** The first absurd value in `event` as `path: reason`, or null when there is none. */
export function absurdValueIn(event: unknown): string | null {
  const unstorable = unstorableIn(event);
  if (unstorable) return unstorable;
  const stack: { node: unknown; path: string; checkout: boolean }[] = [{ node: event, path: '', checkout: false }];
  while (stack.length > 0) {
    const { node, path, checkout } = stack.pop() as { node: unknown; path: string; checkout: boolean };
    if (typeof node !== 'object' || node === null) continue;
    const inCheckout = checkout || (node as { object?: unknown }).object === 'checkout.session';
    for (const [key, value] of Object.entries(node)) {
      const at = path ? `${path}.${key}` : key;
      if (typeof value === 'number') {
        const problem = numberProblem(key, value, inCheckout);
        if (problem) return `${at}: ${problem}`;
      } else stack.push({ node: value, path: at, checkout: inCheckout });
    }
  }
  return null;
}

/** Refuses an event holding an absurd value (absurdValueIn) with a 400 naming the field. */
export function assertSaneEvent(event: { id?: unknown }): void {
  const problem = absurdValueIn(event);
  if (problem) throw new HttpError(400, `Event ${String(event.id).slice(0, 80)}: ${problem}`);
}
