import { describe, expect, test } from 'vitest';
import { defaultReminderDate, reminderIcs } from '@/features/reminder/ics';

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
