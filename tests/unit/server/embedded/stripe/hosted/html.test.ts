import { describe, expect, test } from 'vitest';
import { formatDate, originOf } from '../../../../../../server/embedded/stripe/hosted/html.ts';

describe('hosted page helpers', () => {
  test('dates as Stripe writes them, in UTC; origins of return addresses', () => {
    expect(formatDate(Date.UTC(2026, 11, 22, 3) / 1000)).toBe('December 22, 2026');
    expect(originOf('http://127.0.0.1:4321/account?x=1')).toBe('http://127.0.0.1:4321');
    expect(originOf('not a url')).toBeNull();
  });
});
