/**
 * The detailed DIY-versus-professional cost calculator (docs/product/tools.md#five-year-costs), an
 * island: hidden until 'Show Detailed Cost Calculator'; the reader may change the DIY inputs and
 * the totals, the five-year table and what each column counts follow. Its server HTML shows the
 * example household, which is what a reader without JavaScript sees (DiyProCostCalculator.astro).
 */
import { useState } from 'react';
import { DIY_DEFAULTS, normalizeDiy, type DiyInputs } from '@/features/five-year-costs/five-year-model';
import CostBreakdowns from './CostBreakdowns';
import CostByYear from './CostByYear';
import CostInputs, { type CostFields } from './CostInputs';
import CostTotals from './CostTotals';
import { costTexts } from './diy-pro-cost-text';

/** The id of the panel the toggle controls. */
export const PANEL_ID = 'cost-calculator';

const fieldsOf = (values: DiyInputs): CostFields => ({
  filterPrice: String(values.filterPrice),
  filtersPerYear: String(values.filtersPerYear),
  lateChangesPerYear: String(values.lateChangesPerYear),
});

/** The typed values as numbers; a blank or unreadable field falls back to the example's value. */
function read(fields: CostFields): Partial<DiyInputs> {
  const values: Partial<DiyInputs> = {};
  for (const key of Object.keys(fields) as (keyof DiyInputs)[]) {
    const value = fields[key].trim() === '' ? Number.NaN : Number(fields[key]);
    if (Number.isFinite(value)) values[key] = value;
  }
  return values;
}

export default function CostCalculator() {
  const [open, setOpen] = useState(false);
  const [fields, setFields] = useState<CostFields>(() => fieldsOf(DIY_DEFAULTS));
  const texts = costTexts(read(fields));

  return (
    <div className="grid gap-4">
      <button
        type="button"
        className="btn-outline justify-self-start whitespace-normal"
        aria-expanded={open}
        aria-controls={PANEL_ID}
        onClick={() => setOpen(!open)}
        data-cost-toggle
      >
        {open ? 'Hide Detailed Cost Calculator' : 'Show Detailed Cost Calculator'}
      </button>
      <div
        id={PANEL_ID}
        hidden={!open}
        className="grid gap-5 rounded-2xl border border-slate-200 bg-slate-50 p-3 sm:p-6"
      >
        <div>
          <h3 className="mt-0!">Detailed cost calculator</h3>
          <p className="mt-1 text-base text-ink-muted">Estimates for comparison, not quotes.</p>
          <p className="mt-1 text-base text-ink-muted" data-needs-js>
            Change the DIY numbers to match your home. The professional column stays the same.
          </p>
        </div>
        <CostInputs
          fields={fields}
          onType={(key, text) => setFields((current) => ({ ...current, [key]: text }))}
          onLeave={() => setFields((current) => fieldsOf(normalizeDiy(read(current))))}
          onReset={() => setFields(fieldsOf(DIY_DEFAULTS))}
        />
        <p className="text-base font-semibold" aria-live="polite">
          {texts.summary}
        </p>
        <CostTotals texts={texts} />
        <CostByYear texts={texts} />
        <CostBreakdowns texts={texts} />
      </div>
    </div>
  );
}
