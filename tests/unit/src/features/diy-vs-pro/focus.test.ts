import { describe, expect, test } from 'vitest';
import { DEFAULT_FOCUS, FOCUS_OPTIONS, showsSide } from '@/features/diy-vs-pro/focus';

describe('focus toggle (docs/product/tools.md#focus-toggle: defaults to Compare Both)', () => {
  test.each([
    ['both', true, true],
    ['diy', true, false],
    ['professional', false, true],
  ] as const)('%s shows DIY %s, professional %s', (focus, diy, professional) => {
    expect(showsSide(focus, 'diy')).toBe(diy);
    expect(showsSide(focus, 'professional')).toBe(professional);
  });

  test('the labels of docs/product/tools.md#focus-toggle, Compare Both first chosen', () => {
    expect(FOCUS_OPTIONS.map((o) => o.label)).toEqual(['DIY Focus', 'Compare Both', 'Professional Focus']);
    expect(DEFAULT_FOCUS).toBe('both');
  });
});
