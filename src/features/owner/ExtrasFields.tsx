/**
 * The extras a visit used (docs/product/extras.md#charging), the fields 'Mark done' and 'Charge
 * extras' share: each of the visit's items with its price and a quantity (a number, or '−' and '+',
 * 0 leaving it out), the special-order part with its name and price each in dollars, 'Note for the
 * customer', and 'Extras total: <amount>' as it grows. Phone first: the steppers are thumb-sized
 * and named in words. The draft is the caller's, so closing the fields or a refusal loses nothing.
 */
import { useId } from 'react';
import { CHARGE_NOTE_MAX, PART_NAME_MAX, QTY_MAX, type Extra } from '@/features/extras/extras';
import { formatCents } from '@/lib/format';
import {
  draftTotal,
  parseQty,
  QTY_PROBLEM,
  stepQty,
  withPart,
  type ExtrasDraft,
  type ExtrasMenu,
} from './extras-draft';

interface Props {
  menu: ExtrasMenu;
  draft: ExtrasDraft;
  onChange: (draft: ExtrasDraft) => void;
}

// Never disabled at 0 or 20 (a press there changes nothing): a disabled button would drop the keyboard's focus.
const STEP = 'btn-outline size-12 shrink-0 px-0 text-2xl leading-none';

export default function ExtrasFields({ menu, draft, onChange }: Props) {
  const id = useId();
  if (menu.items.length === 0) return <p>This visit&apos;s service has no extras to charge.</p>;

  const setQty = (item: Extra, qty: string) => onChange({ ...draft, qty: { ...draft.qty, [item.id]: qty } });

  return (
    <div className="grid gap-4">
      <ul className="grid gap-4">
        {menu.items.map((item) => {
          const qty = draft.qty[item.id] ?? '0';
          const value = parseQty(qty);
          const field = `${id}-${item.id}`;
          return (
            <li key={item.id} className="grid gap-2">
              <label htmlFor={field} className="field-label text-base">
                {item.name}
                <span className="font-normal text-ink-muted">
                  , {item.ownerPriced ? 'your price' : `${formatCents(item.priceCents)} each`}
                </span>
              </label>
              <div className="flex items-center gap-2">
                <button type="button" className={STEP} onClick={() => setQty(item, stepQty(qty, -1))}>
                  <span aria-hidden="true">−</span>
                  <span className="sr-only">One fewer: {item.name}</span>
                </button>
                <input
                  id={field}
                  className="field-input mt-0 w-20 text-center"
                  type="number"
                  inputMode="numeric"
                  min={0}
                  max={QTY_MAX}
                  step={1}
                  value={qty}
                  aria-invalid={value === null || undefined}
                  aria-describedby={value === null ? `${field}-problem` : undefined}
                  onChange={(event) => setQty(item, event.target.value)}
                />
                <button type="button" className={STEP} onClick={() => setQty(item, stepQty(qty, 1))}>
                  <span aria-hidden="true">+</span>
                  <span className="sr-only">One more: {item.name}</span>
                </button>
              </div>
              {value === null && (
                <p id={`${field}-problem`} className="font-semibold text-red-700">
                  {QTY_PROBLEM}
                </p>
              )}
              {item.ownerPriced && (
                <div className="grid gap-2 sm:grid-cols-2">
                  <label className="field-label">
                    Part name (the customer sees it)
                    <input
                      type="text"
                      className="field-input"
                      autoComplete="off"
                      maxLength={PART_NAME_MAX}
                      value={draft.partName}
                      onChange={(event) => onChange(withPart(draft, item.id, { partName: event.target.value }))}
                    />
                  </label>
                  <label className="field-label">
                    Price each, in dollars (up to {formatCents(item.ownerPriced.maxCents)})
                    <input
                      type="text"
                      className="field-input"
                      inputMode="decimal"
                      autoComplete="off"
                      value={draft.partPrice}
                      onChange={(event) => onChange(withPart(draft, item.id, { partPrice: event.target.value }))}
                    />
                  </label>
                </div>
              )}
            </li>
          );
        })}
      </ul>
      <label className="field-label">
        Note for the customer (optional)
        <input
          type="text"
          className="field-input"
          maxLength={CHARGE_NOTE_MAX}
          value={draft.note}
          onChange={(event) => onChange({ ...draft, note: event.target.value })}
        />
      </label>
      <ExtrasTotal menu={menu} draft={draft} />
    </div>
  );
}

/** 'Extras total: <amount>', announced as it changes. */
export function ExtrasTotal({ menu, draft }: Pick<Props, 'menu' | 'draft'>) {
  return (
    <p aria-live="polite" className="text-lg font-bold">
      Extras total: {formatCents(draftTotal(menu, draft))}
    </p>
  );
}
