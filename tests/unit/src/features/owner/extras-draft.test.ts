/** The desk's extras form in numbers (docs/product/extras.md#charging). */
import { describe, expect, test } from 'vitest';
import { EXTRAS, QTY_MAX } from '@/features/extras/extras';
import {
  checkDraft,
  draftTotal,
  draftTouched,
  EMPTY_DRAFT,
  parseDollars,
  parseQty,
  stepQty,
  visitExtras,
  withPart,
  type ExtrasDraft,
} from '@/features/owner/extras-draft';
import { visit } from './visit-fixture';

const ids = (menu: ReturnType<typeof visitExtras>) => menu.items.map((item) => item.id);
const bulbs = visitExtras(visit('a', { serviceType: 'light-bulb-replacement' }));
const draft = (over: Partial<ExtrasDraft>): ExtrasDraft => ({ ...EMPTY_DRAFT, ...over });

describe("a visit's items (docs/product/extras.md#the-catalogue)", () => {
  test("a booking's service's items and the special-order part, in the catalogue's order", () => {
    expect(ids(visitExtras(visit('a', { serviceType: 'dryer-vent-cleaning' })))).toEqual([
      'dryer-vent-hood',
      'dryer-transition-duct',
      'special-order',
    ]);
    expect(ids(bulbs)).toEqual([
      'bulb-led-a19',
      'bulb-led-candelabra',
      'bulb-led-flood',
      'bulb-led-specialty',
      'special-order',
    ]);
  });

  test("a plan visit's: every service its tier covers (Lite has no bulbs, Full has)", () => {
    const lite = ids(visitExtras(visit('a', { serviceType: 'lite' })));
    const full = ids(visitExtras(visit('a', { serviceType: 'full' })));
    expect(lite).toContain('detector-smoke-co');
    expect(lite).toContain('vacuum-bag');
    expect(lite).not.toContain('bulb-led-a19');
    expect(lite).not.toContain('dryer-vent-hood');
    expect(full).toEqual(EXTRAS.map((e) => e.id).filter((id) => full.includes(id)));
    expect(lite.every((id) => full.includes(id))).toBe(true);
    expect(full).toContain('bulb-led-a19');
    expect(full.at(-1)).toBe('special-order');
  });

  test('a service the desk does not know has none', () => {
    expect(visitExtras(visit('a', { serviceType: 'Something else' })).items).toEqual([]);
  });
});

describe('quantities and prices as typed', () => {
  test(`a quantity: blank is 0, a whole number from 0 to ${QTY_MAX}, else none`, () => {
    expect(parseQty('')).toBe(0);
    expect(parseQty(' 3 ')).toBe(3);
    expect(parseQty('02')).toBe(2);
    expect(parseQty('20')).toBe(20);
    for (const bad of ['21', '1.5', '-1', 'two', '1e1']) expect(parseQty(bad)).toBeNull();
  });

  test('the steppers stay within 0 and 20, and start a wrong number again from 0', () => {
    expect(stepQty('0', 1)).toBe('1');
    expect(stepQty('0', -1)).toBe('0');
    expect(stepQty('20', 1)).toBe('20');
    expect(stepQty('5', -1)).toBe('4');
    expect(stepQty('abc', 1)).toBe('1');
  });

  test('a price in dollars, in cents', () => {
    expect(parseDollars('12')).toBe(1200);
    expect(parseDollars('12.5')).toBe(1250);
    expect(parseDollars(' $1,234.05 ')).toBe(123405);
    expect(parseDollars('.99')).toBe(99);
    expect(parseDollars('0.01')).toBe(1);
    for (const bad of ['', '.', '$', '12.345', '1.2.3', 'ten', '-5']) expect(parseDollars(bad)).toBeNull();
  });
});

describe('the running total, priced as the server prices it', () => {
  test('each item at its listed price, times its quantity', () => {
    expect(draftTotal(bulbs, EMPTY_DRAFT)).toBe(0);
    expect(draftTotal(bulbs, draft({ qty: { 'bulb-led-a19': '3', 'bulb-led-flood': '1' } }))).toBe(3 * 800 + 1200);
  });

  test('the special-order part at the price typed; a wrong quantity or price left out until put right', () => {
    const part = draft({
      qty: { 'special-order': '2', 'bulb-led-a19': '1' },
      partName: 'Vintage globe',
      partPrice: '12.50',
    });
    expect(draftTotal(bulbs, part)).toBe(2 * 1250 + 800);
    expect(draftTotal(bulbs, { ...part, partPrice: '' })).toBe(800);
    expect(draftTotal(bulbs, { ...part, partPrice: '600' })).toBe(800);
    expect(draftTotal(bulbs, { ...part, qty: { ...part.qty, 'bulb-led-a19': '25' } })).toBe(2500);
  });
});

describe('the charge a draft makes (docs/product/extras.md#charging)', () => {
  test('only the items used, with the part named and priced in cents, and the note trimmed', () => {
    const check = checkDraft(
      bulbs,
      draft({
        qty: { 'bulb-led-a19': '3', 'bulb-led-candelabra': '0', 'special-order': '1' },
        partName: ' Vintage globe ',
        partPrice: '$12.50',
        note: '  Replaced the porch lights  ',
      }),
    );
    expect(check).toEqual({
      ok: true,
      lines: [
        { id: 'bulb-led-a19', qty: 3 },
        { id: 'special-order', qty: 1, name: 'Vintage globe', priceCents: 1250 },
      ],
      note: 'Replaced the porch lights',
    });
  });

  test('nothing used is no line (Mark done sends no extras)', () => {
    expect(checkDraft(bulbs, EMPTY_DRAFT)).toEqual({ ok: true, lines: [], note: '' });
    expect(draftTouched(EMPTY_DRAFT)).toBe(false);
    expect(draftTouched(draft({ qty: { 'bulb-led-a19': '0' } }))).toBe(false);
    expect(draftTouched(draft({ qty: { 'bulb-led-a19': '1' } }))).toBe(true);
    expect(draftTouched(draft({ note: 'x' }))).toBe(true);
  });

  test('refused before sending, naming the field', () => {
    expect(checkDraft(bulbs, draft({ qty: { 'bulb-led-flood': '21' } }))).toEqual({
      ok: false,
      error: 'LED flood bulb (BR30 or PAR): Please enter a whole number from 0 to 20.',
    });
    expect(checkDraft(bulbs, draft({ qty: { 'special-order': '1' }, partPrice: '5' }))).toEqual({
      ok: false,
      error: 'Special-order part: please enter its name.',
    });
    for (const price of ['', '0', '500.01', 'abc']) {
      expect(checkDraft(bulbs, draft({ qty: { 'special-order': '1' }, partName: 'Globe', partPrice: price }))).toEqual({
        ok: false,
        error: 'Special-order part: please enter its price each, from $0.01 to $500.00.',
      });
    }
    expect(checkDraft(bulbs, draft({ partName: 'Globe', partPrice: '5' }))).toEqual({
      ok: false,
      error: 'Special-order part: please enter how many (1 to 20), or clear its name and price.',
    });
    expect(checkDraft(bulbs, draft({ note: 'Replaced the porch lights' }))).toEqual({
      ok: false,
      error: 'Note for the customer: add an item to charge, or clear the note.',
    });
    expect(checkDraft(bulbs, draft({ qty: { 'bulb-led-a19': '1' }, note: 'x'.repeat(501) }))).toEqual({
      ok: false,
      error: 'Note for the customer: please keep it under 500 characters.',
    });
  });

  test('the largest special-order price is accepted', () => {
    const check = checkDraft(bulbs, draft({ qty: { 'special-order': '20' }, partName: 'Globe', partPrice: '500' }));
    expect(check).toMatchObject({ ok: true, lines: [{ id: 'special-order', qty: 20, priceCents: 50_000 }] });
  });
});

describe("the special-order part's name or price typed (docs/product/extras.md#charging)", () => {
  test('counts the part once, and leaves a quantity already set as it is', () => {
    expect(withPart(EMPTY_DRAFT, 'special-order', { partName: 'Globe' })).toEqual({
      ...EMPTY_DRAFT,
      partName: 'Globe',
      qty: { 'special-order': '1' },
    });
    const two = { ...EMPTY_DRAFT, qty: { 'special-order': '2' } };
    expect(withPart(two, 'special-order', { partPrice: '42.50' })).toEqual({ ...two, partPrice: '42.50' });
  });
});
