import { describe, expect, test } from 'vitest';
import { isComplete, recommend, score, type QuizAnswers } from '@/features/diy-quiz/quiz';

describe('DIY quiz (docs/product/tools.md#diy-quiz)', () => {
  const all = (answer: 0 | 1 | 2): QuizAnswers => ({
    comfort_level: answer,
    time_availability: answer,
    filter_location: answer,
    budget_priority: answer,
    system_complexity: answer,
  });

  test('scoring: first +2 DIY, second +1 DIY, third +2 professional', () => {
    expect(score(all(0))).toEqual({ diy: 10, professional: 0 });
    expect(score(all(1))).toEqual({ diy: 5, professional: 0 });
    expect(score(all(2))).toEqual({ diy: 0, professional: 10 });
  });

  test('all three outcomes', () => {
    expect(recommend(all(0))).toBe('diy');
    expect(recommend(all(2))).toBe('professional');
    // 2 + 1 + 2(pro) + 1 + 2(pro): diy 4, pro 4 -> hybrid
    expect(
      recommend({
        comfort_level: 0,
        time_availability: 1,
        filter_location: 2,
        budget_priority: 1,
        system_complexity: 2,
      }),
    ).toBe('hybrid');
  });

  test('the margin must be more than 2', () => {
    // diy 1+1+1 = 3, professional 2+2 = 4 -> hybrid
    expect(
      recommend({
        comfort_level: 1,
        time_availability: 1,
        filter_location: 1,
        budget_priority: 2,
        system_complexity: 2,
      }),
    ).toBe('hybrid');
    // DIY ahead by exactly 2 (4 against 2) is still hybrid
    expect(
      score({
        comfort_level: 0,
        time_availability: 0,
        filter_location: 2,
      }),
    ).toEqual({ diy: 4, professional: 2 });
    expect(recommend({ comfort_level: 0, time_availability: 0, filter_location: 2 })).toBe('hybrid');
    // DIY ahead by 3 (2 + 1 against 0) is diy
    expect(recommend({ comfort_level: 0, time_availability: 1 })).toBe('diy');
    // professional by exactly 2 is hybrid, by 4 is professional
    expect(recommend({ comfort_level: 2 })).toBe('hybrid');
    expect(recommend({ comfort_level: 2, time_availability: 2 })).toBe('professional');
  });

  test('complete only when all five are answered', () => {
    expect(isComplete(all(1))).toBe(true);
    const { system_complexity: _skipped, ...four } = all(1);
    expect(isComplete(four)).toBe(false);
    expect(isComplete({})).toBe(false);
  });
});
