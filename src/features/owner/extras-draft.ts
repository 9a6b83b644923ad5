/**
 * The desk's extras form in numbers (docs/product/extras.md#charging): the items a visit may use,
 * the owner's draft as typed (each item's quantity, the special-order part's name and price in
 * dollars, the note for the customer), what is wrong with it before anything is sent, the lines of
 * the charge, and the running total, priced by the catalogue module's own `priceExtras` (the
 * server's). Framework-free; the visit's card reads only desk-extras.ts.
 *
 * The catalogue is imported here, not read from GET /api/owner/extras: the desk and the server read
 * the same file (docs/product/extras.md#the-catalogue), so the desk needs no call to draw the form.
 */
import {
  CHARGE_NOTE_MAX,
  extrasFor,
  MAX_LINES,
  PART_NAME_MAX,
  priceExtras,
  QTY_MAX,
  type ChargeLine,
  type Extra,
} from '@/features/extras/extras';
import { servicesOfVisit } from '@/features/plans/plans';
import type { OwnerVisit } from '@/features/visits/owner-api';
import { formatCents } from '@/lib/format';

/** What a visit may be charged: the services its work covers and their items, in the catalogue's order. */
export interface ExtrasMenu {
  services: readonly string[];
  items: readonly Extra[];
}

/** The extras a visit may use (docs/product/extras.md#the-catalogue): its service's, or its plan's services'. */
export function visitExtras(visit: Pick<OwnerVisit, 'serviceType'>): ExtrasMenu {
  const services = servicesOfVisit(visit.serviceType);
  return { services, items: extrasFor(services) };
}

/** The owner's extras as typed: nothing is lost to a refusal, and nothing is a number until sent. */
export interface ExtrasDraft {
  /** Each item's quantity by its id, as typed ('' or '0': not used). */
  qty: Readonly<Record<string, string>>;
  /** The special-order part's name and its price each, in dollars. */
  partName: string;
  partPrice: string;
  /** One line the customer reads ('Replaced the dead hallway detector'). */
  note: string;
}

/**
 * The draft once the special-order part's name or price is typed: a part being described is one
 * being used, so a quantity still 0 becomes 1 (one tap fewer; '−' takes it back out).
 */
export function withPart(
  draft: ExtrasDraft,
  partId: string,
  typed: Partial<Pick<ExtrasDraft, 'partName' | 'partPrice'>>,
): ExtrasDraft {
  const next = { ...draft, ...typed };
  return parseQty(draft.qty[partId] ?? '') === 0 ? { ...next, qty: { ...draft.qty, [partId]: '1' } } : next;
}

/** A draft with nothing in it. */
export const EMPTY_DRAFT: ExtrasDraft = { qty: {}, partName: '', partPrice: '', note: '' };

/** Shown beside a quantity that is not one: 0 leaves the item out. */
export const QTY_PROBLEM = `Please enter a whole number from 0 to ${QTY_MAX}.`;

/** A quantity as typed: blank is 0, a whole number from 0 to QTY_MAX is itself; anything else null. */
export function parseQty(text: string): number | null {
  const typed = text.trim();
  if (typed === '') return 0;
  if (!/^\d{1,3}$/.test(typed)) return null;
  const qty = Number(typed);
  return qty <= QTY_MAX ? qty : null;
}

/** A price in dollars as typed ('12', '12.5', '$1,200.00') in cents; null when it is not one. */
export function parseDollars(text: string): number | null {
  const typed = text
    .trim()
    .replace(/^\$\s*/, '')
    .replace(/,/g, '');
  const match = /^(\d{0,7})(?:\.(\d{0,2}))?$/.exec(typed);
  if (!match || !/\d/.test(typed)) return null;
  const [, dollars = '', cents = ''] = match;
  return Number(dollars || '0') * 100 + Number(cents.padEnd(2, '0'));
}

/** A quantity one press of a stepper makes: one more or one fewer, within 0 and QTY_MAX. */
export function stepQty(text: string, by: 1 | -1): string {
  const qty = parseQty(text) ?? 0;
  return String(Math.min(QTY_MAX, Math.max(0, qty + by)));
}

/** Whether anything of the extras was typed (a quantity, the part's name or price, the note). */
export function draftTouched(draft: ExtrasDraft): boolean {
  return (
    Object.values(draft.qty).some((qty) => parseQty(qty) !== 0) ||
    [draft.partName, draft.partPrice, draft.note].some((text) => text.trim() !== '')
  );
}

/** The lines that price as they stand (a wrong quantity or a part without its price left out): the running total's. */
function pricedLines(menu: ExtrasMenu, draft: ExtrasDraft): ChargeLine[] {
  const lines: ChargeLine[] = [];
  for (const item of menu.items) {
    const qty = parseQty(draft.qty[item.id] ?? '');
    if (!qty) continue;
    if (!item.ownerPriced) {
      lines.push({ id: item.id, qty });
      continue;
    }
    const cents = parseDollars(draft.partPrice);
    if (cents !== null && cents >= 1 && cents <= item.ownerPriced.maxCents) {
      lines.push({ id: item.id, qty, priceCents: cents });
    }
  }
  return lines;
}

/** The extras' total as typed so far, priced as the server prices it (the special-order part at the owner's price). */
export function draftTotal(menu: ExtrasMenu, draft: ExtrasDraft): number {
  const priced = priceExtras(menu.services, pricedLines(menu, draft));
  return priced.ok ? priced.amountCents : 0;
}

/** The draft as the lines of a charge and its note, or the first thing to put right before sending. */
export type DraftCheck = { ok: true; lines: ChargeLine[]; note: string } | { ok: false; error: string };

/**
 * The charge a draft makes (docs/product/extras.md#charging): each item used once or more, the
 * special-order part with its name and its price (1 cent to its cap), the note trimmed. Refused
 * before sending, in words naming the field: a quantity that is not a whole number from 0 to 20, a
 * part without its name or price (or a name or price typed with no quantity), a note with no item.
 * No line at all is no charge: 'Mark done' sends none, 'Charge extras' asks for one.
 */
export function checkDraft(menu: ExtrasMenu, draft: ExtrasDraft): DraftCheck {
  const lines: ChargeLine[] = [];
  for (const item of menu.items) {
    const qty = parseQty(draft.qty[item.id] ?? '');
    if (qty === null) return { ok: false, error: `${item.name}: ${QTY_PROBLEM}` };
    if (item.ownerPriced) {
      const name = draft.partName.trim();
      const typed = name !== '' || draft.partPrice.trim() !== '';
      if (qty === 0) {
        if (typed) {
          return {
            ok: false,
            error: `${item.name}: please enter how many (1 to ${QTY_MAX}), or clear its name and price.`,
          };
        }
        continue;
      }
      if (name === '') return { ok: false, error: `${item.name}: please enter its name.` };
      if (name.length > PART_NAME_MAX) {
        return { ok: false, error: `${item.name}: please keep its name under ${PART_NAME_MAX} characters.` };
      }
      const cents = parseDollars(draft.partPrice);
      const max = item.ownerPriced.maxCents;
      if (cents === null || cents < 1 || cents > max) {
        return { ok: false, error: `${item.name}: please enter its price each, from $0.01 to ${formatCents(max)}.` };
      }
      lines.push({ id: item.id, qty, name, priceCents: cents });
    } else if (qty > 0) {
      lines.push({ id: item.id, qty });
    }
  }
  if (lines.length > MAX_LINES) return { ok: false, error: `Please charge at most ${MAX_LINES} items at once.` };
  const note = draft.note.trim();
  if (note.length > CHARGE_NOTE_MAX) {
    return { ok: false, error: `Note for the customer: please keep it under ${CHARGE_NOTE_MAX} characters.` };
  }
  if (note !== '' && lines.length === 0) {
    return { ok: false, error: 'Note for the customer: add an item to charge, or clear the note.' };
  }
  return { ok: true, lines, note };
}
