/** Places per window and what a full or closed one is told (docs/product/visits.md#capacity-and-closed-days). */
import { describe, expect, test } from 'vitest';
import {
  closedDayMessage,
  DEFAULT_VISITS_PER_WINDOW,
  isVisitsPerWindow,
  WINDOW_FULL_MESSAGE,
} from '@/features/visits/capacity';

describe('capacity', () => {
  test('three visits per window unless set; the owner may set 1 to 20', () => {
    expect(DEFAULT_VISITS_PER_WINDOW).toBe(3);
    expect([1, 3, 20].every(isVisitsPerWindow)).toBe(true);
    expect([0, 21, 2.5, '3', null, Number.NaN].some(isVisitsPerWindow)).toBe(false);
  });

  test('the messages', () => {
    expect(WINDOW_FULL_MESSAGE).toBe('That window is full. Please choose another day or window.');
    expect(closedDayMessage('2026-12-24', 'Christmas Eve')).toBe(
      'We are closed on Thursday, December 24, 2026 (Christmas Eve). Please choose another day.',
    );
  });
});
