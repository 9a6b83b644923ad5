import { describe, expect, test } from 'vitest';
import { csvField, leadsCsv } from '../../../../functions/_lib/leads-csv.ts';
import type { LeadRecord } from '../../../../functions/_lib/leads.ts';

const lead = (over: Partial<LeadRecord>): LeadRecord => ({
  id: 'id-1',
  kind: 'contact',
  payload: {},
  delivery_state: 'pending',
  attempts: 0,
  next_attempt_at: '2026-11-22T06:00:00.000Z',
  last_error: null,
  delivered_at: null,
  created_at: '2026-11-22T06:00:00.000Z',
  ...over,
});

describe('csvField', () => {
  test.each([
    ['plain', 'plain'],
    ['a, b', '"a, b"'],
    ['say "hi"', '"say ""hi"""'],
    ['two\nlines', '"two\nlines"'],
    ['=HYPERLINK("x")', `"'=HYPERLINK(""x"")"`],
    [null, ''],
    [3, '3'],
  ])('%j -> %s', (value, expected) => {
    expect(csvField(value)).toBe(expected);
  });
});

describe('leadsCsv', () => {
  test('fixed columns, then the payload fields of every kind', () => {
    const csv = leadsCsv([
      lead({ payload: { name: 'Dana', email: 'd@example.com' }, delivery_state: 'delivered', attempts: 2 }),
      lead({
        id: 'id-2',
        kind: 'download',
        payload: { firstName: 'Lee', email: 'l@example.com' },
        last_error: 'HTTP 500',
      }),
    ]);
    expect(csv.split('\r\n')).toEqual([
      'id,kind,created_at,delivery_state,attempts,delivered_at,last_error,name,email,firstName',
      'id-1,contact,2026-11-22T06:00:00.000Z,delivered,2,,,Dana,d@example.com,',
      'id-2,download,2026-11-22T06:00:00.000Z,pending,0,,HTTP 500,,l@example.com,Lee',
      '',
    ]);
  });

  test('no leads: just the header', () => {
    expect(leadsCsv([])).toBe('id,kind,created_at,delivery_state,attempts,delivered_at,last_error\r\n');
  });
});
