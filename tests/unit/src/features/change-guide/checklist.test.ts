import { describe, expect, test } from 'vitest';
import { CHECKLIST_ITEMS, progressLabel } from '@/features/change-guide/checklist';

describe('quick checklist (docs/product/tools.md#quick-checklist: 9 tickable items)', () => {
  test('has nine distinct items', () => {
    expect(CHECKLIST_ITEMS).toHaveLength(9);
    expect(new Set(CHECKLIST_ITEMS).size).toBe(9);
  });

  test.each([
    [0, '0 of 9 done'],
    [4, '4 of 9 done'],
    [9, 'All 9 done'],
  ])('progress with %d ticked: %s', (checked, label) => {
    expect(progressLabel(checked, 9)).toBe(label);
  });
});
