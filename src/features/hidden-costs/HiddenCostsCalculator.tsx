/**
 * The hidden-costs calculator (docs/product/tools.md#hidden-costs-calculator): months since the last filter change
 * and home size, each a slider with a typed twin (WCAG 2.5.7); every output recomputes on each change and is
 * announced politely, label and value together.
 */
import { useState } from 'react';
import { formatUsd } from '@/lib/format';
import { planName } from '@/features/plans/plans';
import { HOME_SIZE, MONTHS, hiddenCosts, lowMonthsReading } from './hidden-cost-model';
import CalculatorOutput from './CalculatorOutput';
import CalculatorSetting from './CalculatorSetting';

const monthsText = (n: number) => `${n} ${n === 1 ? 'month' : 'months'}`;
const sizeText = (n: number) => `${n.toLocaleString('en-US')} sq ft`;

/** The calculator island; it starts at the defaults (6 months, 2,000 sq ft). */
export default function HiddenCostsCalculator() {
  const [months, setMonths] = useState<number>(MONTHS.default);
  const [homeSize, setHomeSize] = useState<number>(HOME_SIZE.default);
  const costs = hiddenCosts(months, homeSize);
  const reading = lowMonthsReading(months);

  return (
    <div className="grid gap-6">
      <div className="grid gap-6 sm:grid-cols-2">
        <CalculatorSetting
          label="Months since the last change"
          unit="months"
          range={MONTHS}
          value={months}
          describe={monthsText}
          onChange={setMonths}
        />
        <CalculatorSetting
          label="Home size"
          unit="sq ft"
          range={HOME_SIZE}
          value={homeSize}
          describe={sizeText}
          onChange={setHomeSize}
        />
      </div>
      <div aria-live="polite" className="grid gap-3">
        <p aria-atomic="true" className="font-semibold">
          Worst-case estimate for a {sizeText(homeSize)} home, {monthsText(months)} since the last change
        </p>
        {reading && (
          <p aria-atomic="true" className="rounded-xl bg-accent-50 p-3 text-base">
            {reading}
          </p>
        )}
        <dl className="grid grid-cols-2 gap-3">
          <CalculatorOutput
            label="Efficiency impact"
            value={`${costs.impactPercent}%`}
            note="5 points for each month since the last change, capped at 50%"
          />
          <CalculatorOutput
            label="Energy cost per year"
            value={formatUsd(costs.energyCost)}
            note="Extra heating and cooling"
          />
          <CalculatorOutput
            label="Repair risk"
            value={formatUsd(costs.repairRisk)}
            note="Grows 20% with each month since the last change"
          />
          <CalculatorOutput
            label="Health impact"
            value={formatUsd(costs.healthImpact)}
            note="Dust, allergies and cleaning"
          />
        </dl>
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3">
          <CalculatorOutput
            label="Total hidden cost"
            value={formatUsd(costs.total)}
            note="A worst-case estimate: energy, repair and health added up"
          />
          <CalculatorOutput
            label="Prevention cost per year"
            value={formatUsd(costs.preventionCost)}
            note={`A year of ${planName('lite')}, paid in advance`}
          />
          <CalculatorOutput
            label="Potential savings"
            value={formatUsd(costs.savings)}
            note="The worst-case total minus prevention"
            strong
          />
        </dl>
      </div>
    </div>
  );
}
