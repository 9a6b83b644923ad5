import { describe, expect, test } from 'vitest';
import { RESULTS } from '@/features/diy-quiz/results';

describe('quiz results (docs/product/tools.md#diy-quiz: recommendation links)', () => {
  test.each([
    ['diy', ['/blog/how-to-change-air-filter']],
    ['professional', ['/services/autopilot-plans']],
    ['hybrid', ['/blog/how-to-change-air-filter', '/services/autopilot-plans']],
  ] as const)('%s links to %o', (recommendation, hrefs) => {
    expect(RESULTS[recommendation].links.map((l) => l.href)).toEqual(hrefs);
  });
});
