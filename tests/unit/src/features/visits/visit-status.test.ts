/** What the owner may do with a visit in each status (docs/product.md#visits). */
import { describe, expect, test } from 'vitest';
import { actionsFor, allows, holdsPlace, refusal, VISIT_STATUSES } from '@/features/visits/visit-status';

describe('the transitions allowed from each status', () => {
  test.each([
    ['requested', ['confirm', 'reschedule', 'done', 'no-show', 'cancel', 'notes']],
    ['confirmed', ['confirm', 'reschedule', 'done', 'no-show', 'cancel', 'notes']],
    ['no-show', ['cancel', 'notes']],
    ['done', ['notes']],
    ['cancelled', ['notes']],
  ] as const)('%s: %j', (status, actions) => {
    expect(actionsFor(status)).toEqual(actions);
  });

  test('a visit done or cancelled is never moved, confirmed or cancelled again', () => {
    for (const status of ['done', 'cancelled'] as const) {
      for (const action of ['confirm', 'reschedule', 'done', 'no-show', 'cancel'] as const) {
        expect(allows(status, action)).toBe(false);
      }
    }
    expect(refusal('done', 'cancel')).toBe('A visit that is done cannot be cancelled.');
    expect(refusal('cancelled', 'reschedule')).toBe('A visit that is cancelled cannot be moved.');
  });

  test('only requested and confirmed visits take a place in their window', () => {
    expect(VISIT_STATUSES.filter(holdsPlace)).toEqual(['requested', 'confirmed']);
  });
});
