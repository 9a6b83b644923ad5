import { describe, expect, it } from 'vitest';
import type { PageMetrics } from '../../../../bench/lib/lighthouse-metrics';
import { medianLcpOverFloor, medianRatios } from '../../../../bench/lib/ratios';

const run = (page: Partial<PageMetrics>, reference: Partial<PageMetrics>) => ({
  page: { lcpMs: 0, tbtMs: 0, mainThreadMs: 0, scriptBytes: 0, ...page } as PageMetrics,
  reference: { lcpMs: 0, tbtMs: 0, mainThreadMs: 0, scriptBytes: 0, ...reference } as PageMetrics,
});

describe('ratios to the reference page', () => {
  it('divides each run by the reference run paired with it, then takes the median', () => {
    const ratios = medianRatios([
      run(
        { lcpMs: 900, tbtMs: 30, mainThreadMs: 400, scriptBytes: 10_000 },
        { lcpMs: 3000, tbtMs: 300, mainThreadMs: 800, scriptBytes: 200_000 },
      ),
      // A busy moment slows both: the ratio holds.
      run(
        { lcpMs: 1800, tbtMs: 120, mainThreadMs: 900, scriptBytes: 10_000 },
        { lcpMs: 6000, tbtMs: 600, mainThreadMs: 1500, scriptBytes: 200_000 },
      ),
      run(
        { lcpMs: 1000, tbtMs: 0, mainThreadMs: 500, scriptBytes: 10_000 },
        { lcpMs: 2500, tbtMs: 250, mainThreadMs: 1000, scriptBytes: 200_000 },
      ),
    ]);
    expect(ratios.lcpMs).toBeCloseTo(0.3);
    expect(ratios.tbtMs).toBeCloseTo(0.1);
    expect(ratios.mainThreadMs).toBeCloseTo(0.5);
    expect(ratios.scriptBytes).toBeCloseTo(0.05);
  });

  it('leaves out runs whose reference measured 0, and gives null when all did', () => {
    const ratios = medianRatios([run({ tbtMs: 20 }, { tbtMs: 0 }), run({ tbtMs: 20 }, { tbtMs: 100 })]);
    expect(ratios.tbtMs).toBeCloseTo(0.2);
    expect(medianRatios([run({ tbtMs: 20 }, { tbtMs: 0 })]).tbtMs).toBeNull();
  });

  it('refuses to make ratios of no runs', () => {
    expect(() => medianRatios([])).toThrow('ratios of no runs');
  });
});

describe('LCP over the floor page', () => {
  const pair = (page: number, floor: number) => ({
    page: { lcpMs: page } as PageMetrics,
    floor: { lcpMs: floor } as PageMetrics,
  });

  it('takes each run less the floor run made right after it, then the median', () => {
    // 1050 - 750 = 300, 1200 - 900 = 300 (a busy moment slows both), 900 - 750 = 150.
    expect(medianLcpOverFloor([pair(1050, 750), pair(1200, 900), pair(900, 750)])).toBe(300);
    expect(medianLcpOverFloor([pair(900, 750), pair(1050, 750)])).toBe(225);
  });

  it('refuses no runs', () => {
    expect(() => medianLcpOverFloor([])).toThrow('no runs');
  });
});
