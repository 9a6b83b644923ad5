import { describe, expect, test } from 'vitest';
import { recommendedDays, scheduleMessage, type ScheduleInputs } from '@/features/schedule-calculator/schedule';
import { hiddenCosts } from '@/features/hidden-costs/hidden-cost-model';
import { isComplete, recommend, score, type QuizAnswers } from '@/features/diy-quiz/quiz';
import { finderScores, recommendFilter } from '@/features/filter-finder/finder';
import { defaultReminderDate, reminderIcs } from '@/features/reminder/ics';

describe('schedule calculator (SPEC §9)', () => {
  const base: ScheduleInputs = { filterType: 'pleated', householdSize: '1-2', pets: 'none', allergies: 'none' };

  test.each([
    ['fiberglass', 30],
    ['pleated', 75],
    ['high_efficiency', 90],
    ['hepa', 180],
  ] as const)('base days: %s -> %d', (filterType, days) => {
    expect(recommendedDays({ ...base, filterType })).toBe(days);
  });

  test.each([
    // household: 75 x 0.8 = 60; 75 x 0.6 = 45
    [{ householdSize: '3-4' }, 60],
    [{ householdSize: '5+' }, 45],
    // pets: floor(75 x 0.7) = 52; 75 x 0.5 = 37.5 -> 37
    [{ pets: 'one' }, 52],
    [{ pets: 'two-plus' }, 37],
    // allergies: 75 x 0.8 = 60; 75 x 0.6 = 45
    [{ allergies: 'mild' }, 60],
    [{ allergies: 'severe' }, 45],
    // each step rounds down: 90 x 0.8 = 72 -> x 0.7 = 50.4 -> 50 -> x 0.8 = 40
    [{ filterType: 'high_efficiency', householdSize: '3-4', pets: 'one', allergies: 'mild' }, 40],
    // 180 x 0.6 = 108 -> x 0.5 = 54 -> x 0.6 = 32.4 -> 32
    [{ filterType: 'hepa', householdSize: '5+', pets: 'two-plus', allergies: 'severe' }, 32],
    // 75 x 0.6 = 45 -> x 0.7 = 31.5 -> 31 -> x 0.6 = 18.6 -> 18
    [{ householdSize: '5+', pets: 'one', allergies: 'severe' }, 18],
  ] as const)('%o -> %d days', (change, days) => {
    expect(recommendedDays({ ...base, ...change })).toBe(days);
  });

  test('never below the 15-day floor', () => {
    // 30 x 0.6 = 18 -> x 0.5 = 9 -> x 0.6 = 5.4 -> 5, floored to 15
    expect(
      recommendedDays({ filterType: 'fiberglass', householdSize: '5+', pets: 'two-plus', allergies: 'severe' }),
    ).toBe(15);
    // 30 x 0.8 = 24 -> x 0.7 = 16.8 -> 16 -> x 1 = 16: just above the floor
    expect(recommendedDays({ filterType: 'fiberglass', householdSize: '3-4', pets: 'one', allergies: 'none' })).toBe(
      16,
    );
  });

  test('rejects answers it does not know', () => {
    expect(() => recommendedDays({ ...base, filterType: 'paper' as never })).toThrow(RangeError);
  });

  test('the exact message', () => {
    expect(scheduleMessage(60)).toBe(
      "Based on your home's specific conditions, we recommend changing your air filter every 60 days.",
    );
  });
});

describe('hidden-costs calculator (SPEC §9)', () => {
  test('defaults: 6 months, 2000 sq ft', () => {
    // impact 30%; energy round(200 x 0.3 x 12) = 720; repair round(500 x 1.2^6) = round(1492.99) = 1493; health 1200
    expect(hiddenCosts(6, 2000)).toEqual({
      impactPercent: 30,
      energyCost: 720,
      repairRisk: 1493,
      healthImpact: 1200,
      total: 3413,
      preventionCost: 420,
      savings: 2993,
    });
  });

  test('one month in a small home', () => {
    // impact 5%; energy round(80 x 0.05 x 12) = 48; repair 600; health 200; total 848
    expect(hiddenCosts(1, 800)).toMatchObject({
      impactPercent: 5,
      energyCost: 48,
      repairRisk: 600,
      healthImpact: 200,
      total: 848,
      savings: 428,
    });
  });

  test.each([
    [10, 50],
    [11, 50],
    [24, 50],
    [9, 45],
  ])('impact caps at 50%%: %d months -> %d%%', (months, impact) => {
    expect(hiddenCosts(months, 2000).impactPercent).toBe(impact);
  });

  test('ten months in a 5000 sq ft home', () => {
    // energy round(500 x 0.5 x 12) = 3000; repair round(500 x 1.2^10) = round(3095.87) = 3096; health 2000
    expect(hiddenCosts(10, 5000)).toMatchObject({
      energyCost: 3000,
      repairRisk: 3096,
      healthImpact: 2000,
      total: 8096,
      savings: 7676,
    });
  });

  test('24 months', () => {
    // repair round(500 x 1.2^24) = round(39748.42) = 39748
    expect(hiddenCosts(24, 2000)).toMatchObject({
      energyCost: 1200,
      repairRisk: 39748,
      healthImpact: 4800,
      total: 45748,
    });
  });
});

describe('DIY quiz (SPEC §4)', () => {
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

describe('filter finder (SPEC §4)', () => {
  test('scores add up per answer', () => {
    // apartment: pleated 2, fiberglass 1; cost: fiberglass 3, pleated 1; budget 10: fiberglass 2, pleated 1; old: fiberglass 2, pleated 1
    expect(finderScores({ homeType: 'apartment', concern: 'cost', budget: 10, systemAge: 'old' })).toEqual({
      fiberglass: 8,
      pleated: 5,
      high_efficiency: 0,
      washable: 0,
      electrostatic: 0,
      specialized: 0,
    });
    expect(recommendFilter({ homeType: 'apartment', concern: 'cost', budget: 10, systemAge: 'old' })).toBe(
      'fiberglass',
    );
  });

  test.each([
    [{ homeType: 'house', concern: 'general', budget: 20, systemAge: 'medium' }, 'pleated'],
    [{ homeType: 'large_house', concern: 'allergies', budget: 50, systemAge: 'new' }, 'high_efficiency'],
    [{ homeType: 'house', concern: 'pets', budget: 15, systemAge: 'medium' }, 'pleated'],
  ] as const)('%o -> %s', (inputs, expected) => {
    expect(recommendFilter(inputs)).toBe(expected);
  });

  test('budget boundaries: under 15, 15 to 29, 30 and up', () => {
    const at = (budget: number) => finderScores({ homeType: 'apartment', concern: 'cost', budget, systemAge: 'old' });
    expect(at(14).fiberglass - at(15).fiberglass).toBe(2);
    expect(at(29).pleated).toBe(at(15).pleated);
    expect(at(30).specialized).toBe(2);
    expect(at(30).electrostatic).toBe(1);
  });

  test('ties go to the earlier type in SPEC order', () => {
    // large_house: high_eff 2, specialized 1; allergies: high_eff 3, specialized 2; budget 30: high_eff 2, specialized 2, electrostatic 1;
    // old: fiberglass 2, pleated 1 -> high_eff 7, specialized 5
    expect(recommendFilter({ homeType: 'large_house', concern: 'allergies', budget: 30, systemAge: 'old' })).toBe(
      'high_efficiency',
    );
    // apartment(pleated 2, fiberglass 1) + cost(fiberglass 3, pleated 1) + budget 20 (pleated 3, high 1) + old(fiberglass 2, pleated 1):
    // fiberglass 6, pleated 7 -> pleated
    expect(recommendFilter({ homeType: 'apartment', concern: 'cost', budget: 20, systemAge: 'old' })).toBe('pleated');
    // apartment + cost + budget 10 + medium(pleated 2, high 1): fiberglass 6, pleated 6 -> tie -> fiberglass first
    expect(finderScores({ homeType: 'apartment', concern: 'cost', budget: 10, systemAge: 'medium' })).toMatchObject({
      fiberglass: 6,
      pleated: 6,
    });
    expect(recommendFilter({ homeType: 'apartment', concern: 'cost', budget: 10, systemAge: 'medium' })).toBe(
      'fiberglass',
    );
    // house(pleated 2, high 1) + pets(pleated 2, high 2, electro 1) + budget 30(high 2, spec 2, electro 1) + medium(pleated 2, high 1):
    // pleated 6, high 6 -> tie -> pleated
    expect(recommendFilter({ homeType: 'house', concern: 'pets', budget: 30, systemAge: 'medium' })).toBe('pleated');
  });
});

describe('reminder', () => {
  test('defaults to 90 days ahead', () => {
    expect(defaultReminderDate(new Date(2026, 10, 22))).toBe('2027-02-20');
    expect(defaultReminderDate(new Date(2026, 0, 1))).toBe('2026-04-01');
  });

  test('builds an all-day iCalendar event with escaped text', () => {
    const ics = reminderIcs({
      date: '2027-02-20',
      title: 'Change your air filter',
      description: 'Size 16x25x1, pleated; see the guide',
      url: 'https://example.com/blog/air-filter-replacement-guide',
      now: new Date('2026-11-22T10:00:00Z'),
      uid: 'abc@example.com',
    });
    expect(ics).toContain('DTSTART;VALUE=DATE:20270220\r\n');
    expect(ics).toContain('DTEND;VALUE=DATE:20270221\r\n');
    expect(ics).toContain('DTSTAMP:20261122T100000Z\r\n');
    expect(ics).toContain('DESCRIPTION:Size 16x25x1\\, pleated\\; see the guide\r\n');
    expect(ics.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
    expect(ics.endsWith('END:VCALENDAR\r\n')).toBe(true);
  });

  test('rejects a date that is not a date', () => {
    expect(() =>
      reminderIcs({ date: '2027-13-45', title: 't', description: 'd', url: 'u', now: new Date(), uid: 'x' }),
    ).toThrow(RangeError);
    expect(() =>
      reminderIcs({ date: 'tomorrow', title: 't', description: 'd', url: 'u', now: new Date(), uid: 'x' }),
    ).toThrow(RangeError);
  });
});
