import { describe, expect, test } from 'vitest';
import { isQuietHours, textSendAt } from '../../../../../src/features/texts/quiet-hours.ts';

/** December: Springfield is on CST, UTC-6. */
describe('textSendAt (docs/product/texts.md#quiet-hours)', () => {
  test('a text made at 8:00 AM or during the day goes at once', () => {
    for (const iso of ['2026-12-08T14:00:00Z', '2026-12-08T18:30:00Z', '2026-12-09T02:59:59Z']) {
      const now = new Date(iso);
      expect(isQuietHours(now)).toBe(false);
      expect(textSendAt(now)).toEqual(now);
    }
  });

  test('8:59 PM goes at once; 9:00 PM waits until 8 AM the next morning', () => {
    expect(textSendAt(new Date('2026-12-09T02:59:00Z'))).toEqual(new Date('2026-12-09T02:59:00Z'));
    expect(textSendAt(new Date('2026-12-09T03:00:00Z'))).toEqual(new Date('2026-12-09T14:00:00Z'));
  });

  test('after midnight a text waits for the same morning', () => {
    expect(textSendAt(new Date('2026-12-09T06:30:00Z'))).toEqual(new Date('2026-12-09T14:00:00Z'));
    expect(textSendAt(new Date('2026-12-09T13:59:59Z'))).toEqual(new Date('2026-12-09T14:00:00Z'));
  });

  test('in summer (CDT, UTC-5) 9 PM to 8 AM is 02:00-13:00 UTC', () => {
    expect(textSendAt(new Date('2026-07-15T01:59:00Z'))).toEqual(new Date('2026-07-15T01:59:00Z'));
    expect(textSendAt(new Date('2026-07-15T02:00:00Z'))).toEqual(new Date('2026-07-15T13:00:00Z'));
    expect(textSendAt(new Date('2026-07-15T13:00:00Z'))).toEqual(new Date('2026-07-15T13:00:00Z'));
  });

  test('the night daylight saving time starts (Sun, Mar 8, 2026: 2 AM CST becomes 3 AM CDT)', () => {
    // 10 PM CST on Saturday, Mar 7: 8 AM on Sunday is CDT, 13:00 UTC (9 hours later, not 10).
    expect(textSendAt(new Date('2026-03-08T04:00:00Z'))).toEqual(new Date('2026-03-08T13:00:00Z'));
    // 3:30 AM CDT on the Sunday, just after the change.
    expect(textSendAt(new Date('2026-03-08T08:30:00Z'))).toEqual(new Date('2026-03-08T13:00:00Z'));
  });

  test('the night daylight saving time ends (Sun, Nov 1, 2026: 2 AM CDT becomes 1 AM CST)', () => {
    // 9:30 PM CDT on Saturday, Oct 31: 8 AM on Sunday is CST, 14:00 UTC.
    expect(textSendAt(new Date('2026-11-01T02:30:00Z'))).toEqual(new Date('2026-11-01T14:00:00Z'));
    // 1:30 AM the first time (CDT) and the second time (CST) both wait for the same 8 AM.
    expect(textSendAt(new Date('2026-11-01T06:30:00Z'))).toEqual(new Date('2026-11-01T14:00:00Z'));
    expect(textSendAt(new Date('2026-11-01T07:30:00Z'))).toEqual(new Date('2026-11-01T14:00:00Z'));
    // 7:59 AM CST.
    expect(textSendAt(new Date('2026-11-01T13:59:00Z'))).toEqual(new Date('2026-11-01T14:00:00Z'));
  });

  test('a text made at 11 PM on New Year\u2019s Eve waits for 8 AM on January 1', () => {
    expect(textSendAt(new Date('2027-01-01T05:00:00Z'))).toEqual(new Date('2027-01-01T14:00:00Z'));
  });
});
