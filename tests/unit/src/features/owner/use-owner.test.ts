/**
 * What the desk reads from an action's refusal (src/features/owner/use-owner.ts): the owner API's
 * 409 carries the visit as it now is (docs/product/desk.md#owner-api), which the dialog then shows.
 */
import { describe, expect, test } from 'vitest';
import { refusedVisit } from '@/features/owner/use-owner';
import { ApiError } from '@/lib/api';
import { visit as visitFixture } from './visit-fixture';

describe('the visit a refusal carries', () => {
  const visit = { ...visitFixture('v1'), history: [] };
  const refusal = (status: number, answer: unknown) =>
    new ApiError('A visit that is done cannot be marked done.', status, {}, { answer });

  test('a 409 with the visit: the visit as it now is', () => {
    expect(refusedVisit(refusal(409, { error: 'A visit that is done cannot be marked done.', visit }))).toBe(visit);
  });

  test.each([
    ['a 409 without a visit (a full window from an older server)', refusal(409, { error: 'Full' })],
    ['a 409 whose visit is not one', refusal(409, { error: 'x', visit: 'v1' })],
    ['a 400 that happens to carry one', refusal(400, { error: 'x', visit })],
    ['no answer at all (the network)', new ApiError('The visit could not be changed. Please try again.', 0)],
    ["an error that is not the API's", new Error('boom')],
  ])('%s: none', (_, error) => {
    expect(refusedVisit(error)).toBeNull();
  });
});
