/**
 * When the reminder of a service due again and its follow-up go
 * (docs/product/due-again.md#the-reminder-and-the-follow-up): the reminder at 10 AM Springfield time
 * 7 days before the due day, in daylight and standard time, until 7 days after; the follow-up 14
 * days after the reminder was queued, at or after 10 AM, until 7 days after.
 */
import { describe, expect, test } from 'vitest';
import {
  followUpDueAt,
  isFollowUpDue,
  isReminderDue,
  reminderDueAt,
  serviceWords,
} from '../../../../../functions/_lib/notices/due-again.ts';

describe('the reminder’s time', () => {
  test('10 AM Springfield time 7 days before the due day: 16:00 UTC in standard time, 15:00 in daylight time', () => {
    expect(reminderDueAt('2027-02-14').toISOString()).toBe('2027-02-07T16:00:00.000Z');
    expect(reminderDueAt('2027-07-20').toISOString()).toBe('2027-07-13T15:00:00.000Z');
  });

  test('due from its time until 7 days after, not before and not later', () => {
    expect(isReminderDue('2027-02-14', new Date('2027-02-07T15:59:59Z'))).toBe(false);
    expect(isReminderDue('2027-02-14', new Date('2027-02-07T16:00:00Z'))).toBe(true);
    expect(isReminderDue('2027-02-14', new Date('2027-02-14T15:59:59Z'))).toBe(true);
    expect(isReminderDue('2027-02-14', new Date('2027-02-14T16:00:00Z'))).toBe(false);
  });
});

describe('the follow-up’s time', () => {
  test('14 days after the reminder was queued', () => {
    expect(followUpDueAt(new Date('2027-02-07T16:00:00Z')).toISOString()).toBe('2027-02-21T16:00:00.000Z');
    // Queued at 3 PM: 14 days later, at 3 PM.
    expect(followUpDueAt(new Date('2027-02-07T21:00:00Z')).toISOString()).toBe('2027-02-21T21:00:00.000Z');
  });

  test('never before 10 AM: a reminder queued at 2 AM is followed up at 10 AM, 14 days on', () => {
    // 2 AM CST on Feb 8 is 08:00 UTC.
    expect(followUpDueAt(new Date('2027-02-08T08:00:00Z')).toISOString()).toBe('2027-02-22T16:00:00.000Z');
  });

  test('across the change to daylight time (Sunday March 14, 2027): the instant 14 days on, 10 AM CDT at the earliest', () => {
    // 10 AM CST on March 1 is 16:00 UTC; 14 days on is 16:00 UTC, 11 AM CDT.
    expect(followUpDueAt(new Date('2027-03-01T16:00:00Z')).toISOString()).toBe('2027-03-15T16:00:00.000Z');
  });

  test('due from its time until 7 days after', () => {
    const reminded = new Date('2027-02-07T16:00:00Z');
    expect(isFollowUpDue(reminded, new Date('2027-02-21T15:59:59Z'))).toBe(false);
    expect(isFollowUpDue(reminded, new Date('2027-02-21T16:00:00Z'))).toBe(true);
    expect(isFollowUpDue(reminded, new Date('2027-02-28T15:59:59Z'))).toBe(true);
    expect(isFollowUpDue(reminded, new Date('2027-02-28T16:00:00Z'))).toBe(false);
  });
});

test('the service in words, as the subjects say it', () => {
  expect(serviceWords('air-filter-replacement')).toBe('Air Filter Replacement');
  expect(serviceWords('something-else')).toBe('something-else');
});
