import { describe, expect, test } from 'vitest';
import { HttpError } from '../../../../../functions/_lib/platform/http.ts';
import { MAX_ADVANCE_SECONDS, parseAdvance } from '../../../../../server/embedded/clock/index.ts';

function refusal(body: Record<string, unknown>): HttpError {
  try {
    parseAdvance(body);
  } catch (error) {
    if (error instanceof HttpError) return error;
    throw error;
  }
  throw new Error(`${JSON.stringify(body)} was accepted`);
}

describe('parseAdvance', () => {
  test('accepts a positive number of seconds up to a year, leap or not', () => {
    expect(parseAdvance({ advance: 86_400 })).toBe(86_400);
    expect(parseAdvance({ advance: 0.5 })).toBe(0.5);
    expect(parseAdvance({ advance: 366 * 86_400 })).toBe(MAX_ADVANCE_SECONDS);
  });

  test.each([
    [{}, 'advance: required'],
    [{ advance: 0 }, 'advance: must be more than 0'],
    [{ advance: -60 }, 'advance: must be more than 0'],
    [{ advance: '60' }, 'advance: must be a number of seconds'],
    [{ advance: null }, 'advance: must be a number of seconds'],
    [{ advance: [60] }, 'advance: must be a number of seconds'],
    [{ advance: MAX_ADVANCE_SECONDS + 1 }, 'advance: must be at most 31622400 seconds (366 days)'],
    [{ advance: 60, days: 1 }, 'days: unknown field'],
  ])('refuses %j with a 400 naming the field', (body, message) => {
    const error = refusal(body);
    expect(error.status).toBe(400);
    expect(error.message).toContain(message);
  });
});
