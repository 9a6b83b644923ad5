/**
 * Extras found at the door and tips (docs/product/extras.md): the catalogue of content/extras.json,
 * which items a visit may use, the owner's charge request (checked here, priced here from the
 * catalogue only), the pay request's totals and the customer's tip. Pure: the desk, /pay and the
 * functions share it. Shared core: Node loads it directly from functions/, so relative imports with
 * the extension only.
 */
import * as z from 'zod/mini';
import catalogue from '../../../content/extras.json' with { type: 'json' };
import { oneLineText } from '../../lib/validation.ts';
import { TIP_MAX_CENTS, TIP_MESSAGE, TIP_PERCENTS, tipCents, type TipChoice } from './tips.ts';

export { TIP_MAX_CENTS, TIP_PERCENTS, tipCents };

/** One item of the catalogue (docs/product/extras.md#the-catalogue). */
export interface Extra {
  id: string;
  name: string;
  /** The price of one, in cents; 0 for an item the owner prices. */
  priceCents: number;
  /** The service pages' ids whose visits may use it. */
  services: string[];
  /** Present on the special-order line: the owner types its price, at most `maxCents`. */
  ownerPriced?: { maxCents: number };
}

/** Every extra, in the catalogue's order. */
export const EXTRAS: readonly Extra[] = catalogue.extras;

/** The extra with this id, or null. */
export function extraById(id: string): Extra | null {
  return EXTRAS.find((extra) => extra.id === id) ?? null;
}

/** The most of one item on a charge, and the fewest. */
export const QTY_MIN = 1;
export const QTY_MAX = 20;
/** The most lines on one charge. */
export const MAX_LINES = 20;
/** The longest name the owner gives a special-order part. */
export const PART_NAME_MAX = 80;
/** The longest note on a charge (shown to the customer on /pay and in the e-mail). */
export const CHARGE_NOTE_MAX = 500;

/**
 * The extras a visit may use, given the services its work covers: a booking's service, or every
 * service of a plan visit's tier (`servicesOfVisit` in features/plans/plans.ts, a tier above).
 */
export function extrasFor(services: readonly string[]): Extra[] {
  const covered = new Set(services);
  return EXTRAS.filter((extra) => extra.services.some((id) => covered.has(id)));
}

// The schema's refusals are named by their field (`extras.qty: …`, firstIssue); priceExtras' name `extras` themselves.
const QTY_MESSAGE = `each quantity must be a whole number from ${QTY_MIN} to ${QTY_MAX}`;

/** One line the owner sends: an item and how many; a special-order part also its name and price. */
const chargeLine = z.object({
  id: z.string('each item needs the id of a catalogue item').check(z.regex(/^[a-z0-9-]{1,100}$/, 'unknown item')),
  qty: z.int(QTY_MESSAGE).check(z.minimum(QTY_MIN, QTY_MESSAGE), z.maximum(QTY_MAX, QTY_MESSAGE)),
  // Read only for the owner-priced line; any other line's price is the catalogue's.
  priceCents: z.optional(z.unknown()),
  name: z.optional(
    oneLineText(
      PART_NAME_MAX,
      'extras: a part name must be text',
      `extras: keep a part name under ${PART_NAME_MAX} characters`,
    ),
  ),
});

/** The extras of a charge (`{ action: 'charge' }` or 'done' with extras): 1 to 20 lines. */
export const chargeExtras = z
  .array(chargeLine, 'extras must be a list of items and quantities')
  .check(z.minLength(1, 'extras: add at least one item'), z.maxLength(MAX_LINES, `extras: at most ${MAX_LINES} items`));

/** The note of a charge: one line the customer sees. */
export const chargeNote = oneLineText(
  CHARGE_NOTE_MAX,
  'note must be text',
  `Please keep the note under ${CHARGE_NOTE_MAX.toLocaleString('en-US')} characters`,
);

/** A line the owner sent, as the schema reads it. */
export type ChargeLine = z.output<typeof chargeLine>;

/** One priced line of a pay request, as stored and shown. */
export interface PricedExtra {
  id: string;
  name: string;
  unitCents: number;
  qty: number;
  amountCents: number;
}

/** The lines priced from the catalogue, or the refusal naming the field. */
export type PricingResult = { ok: true; items: PricedExtra[]; amountCents: number } | { ok: false; error: string };

/**
 * Prices the owner's lines for a visit whose work covers `services` from the catalogue (docs/product/extras.md#charging):
 * an unknown item, or one the visit's service does not use, is refused; a price sent with a
 * catalogue item is ignored; the special-order part takes the owner's price (1 cent to its cap).
 */
export function priceExtras(services: readonly string[], lines: readonly ChargeLine[]): PricingResult {
  const allowed = new Set(extrasFor(services).map((extra) => extra.id));
  const items: PricedExtra[] = [];
  for (const line of lines) {
    const extra = extraById(line.id);
    if (!extra) return { ok: false, error: `extras: unknown item '${line.id.slice(0, 100)}'` };
    if (!allowed.has(extra.id))
      return { ok: false, error: `extras: '${extra.name}' is not used on this visit's service` };
    let unit = extra.priceCents;
    let name = extra.name;
    if (extra.ownerPriced) {
      const max = extra.ownerPriced.maxCents;
      const price = line.priceCents;
      if (typeof price !== 'number' || !Number.isInteger(price) || price < 1 || price > max) {
        return { ok: false, error: `extras: a special-order part's price must be whole cents from 1 to ${max}` };
      }
      unit = price;
      const given = line.name?.trim();
      if (given) name = `${extra.name}: ${given}`;
    }
    items.push({ id: extra.id, name, unitCents: unit, qty: line.qty, amountCents: unit * line.qty });
  }
  return { ok: true, items, amountCents: items.reduce((sum, item) => sum + item.amountCents, 0) };
}

/** The customer's tip choice on /pay: none, a percentage of the extras, or an amount in cents. */
export const tipChoice = z.discriminatedUnion(
  'kind',
  [
    z.object({ kind: z.literal('none') }),
    z.object({
      kind: z.literal('percent'),
      percent: z.union(
        TIP_PERCENTS.map((p) => z.literal(p)),
        `tip.percent must be ${TIP_PERCENTS.join(', ')}`,
      ),
    }),
    z.object({
      kind: z.literal('amount'),
      cents: z.int(TIP_MESSAGE).check(z.minimum(0, TIP_MESSAGE), z.maximum(TIP_MAX_CENTS, TIP_MESSAGE)),
    }),
  ],
  'tip.kind must be none, percent or amount',
);
/** A tip choice. */
export type { TipChoice };

/** A pay request's state (docs/product/extras.md#pay-requests). */
export type PayRequestStatus = 'unpaid' | 'paid' | 'cancelled';

/** A visit's pay request as the desk and /pay read it. */
export interface PayRequest {
  id: string;
  /** Its order number, shown in the e-mail and on /pay before and after payment. */
  orderNumber: string;
  status: PayRequestStatus;
  items: PricedExtra[];
  /** The extras' total; the tip is apart. */
  amountCents: number;
  /** The tip paid (0 until paid, or with no tip). */
  tipCents: number;
  note: string | null;
  createdAt: string;
  paidAt: string | null;
  /** What was refunded of the payment (extras and tip), in cents. */
  refundedCents: number;
}

/** GET /api/pay?t=: the pay request a link names, with its visit. */
export interface PayAnswer {
  payRequest: PayRequest;
  visit: { service: string; date: string; address: string };
  /** The tips offered, for this total (percent: cents). */
  tips: { percent: number; cents: number }[];
  tipMaxCents: number;
}

/** GET /api/owner/extras: the catalogue as the desk reads it. */
export interface ExtrasAnswer {
  extras: { id: string; name: string; priceCents: number; services: string[]; ownerPriced?: { maxCents: number } }[];
}
