import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import {
  csvField,
  leadsCsv,
  nanpPhone,
  PAYLOAD_COLUMNS,
  RECORD_COLUMNS,
} from '../../../../../functions/_lib/leads/leads-csv.ts';
import type { LeadRecord } from '../../../../../functions/_lib/leads/leads.ts';
import { contactLeadSchema, downloadLeadSchema } from '../../../../../src/features/leads/schemas.ts';
import { planRequestLeadSchema } from '../../../../../src/features/plans/plan-request.ts';

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
  idempotency_key: null,
  ...over,
});

const HEADER = [...RECORD_COLUMNS, ...PAYLOAD_COLUMNS];

/**
 * The cells a spreadsheet reads from `csv` when it splits on `delimiter` (Excel and LibreOffice
 * when the locale or their guess says so): a `"` opens a quoted cell only at its start, where `""`
 * is a quote and the next lone `"` ends the quoting; from there on the cell runs to the next
 * delimiter or line break, quotes and all.
 */
function spreadsheetCells(csv: string, delimiter: string): string[] {
  const cells: string[] = [];
  let i = 0;
  while (i < csv.length) {
    let cell = '';
    if (csv[i] === '"') {
      i += 1;
      while (i < csv.length) {
        if (csv[i] === '"' && csv[i + 1] === '"') {
          cell += '"';
          i += 2;
        } else if (csv[i] === '"') {
          i += 1;
          break;
        } else cell += csv[i++];
      }
    }
    while (i < csv.length && csv[i] !== delimiter && csv[i] !== '\n' && csv[i] !== '\r') cell += csv[i++];
    cells.push(cell);
    if (csv[i] === '\r') i += 1;
    if (csv[i] === '\n' || csv[i] === delimiter) i += 1;
  }
  return cells;
}

describe('csvField', () => {
  test.each([
    ['plain', '"plain"'],
    ['a, b', '"a, b"'],
    ['say "hi"', '"say ""hi"""'],
    ['two\nlines', '"two\nlines"'],
    ['=HYPERLINK("x")', `"'=HYPERLINK(""x"")"`],
    ['+cmd', `"'+cmd"`],
    ['-2+3', `"'-2+3"`],
    ['@SUM(A1)', `"'@SUM(A1)"`],
    ['\t=1+1', `"'\t'=1+1"`],
    ['\r=1+1', `"'\r'=1+1"`],
    ['  =1+1', `"'  =1+1"`],
    ['x;=1+1', `"x;'=1+1"`],
    ['x\t=1+1', `"x\t'=1+1"`],
    ['a|b; "-1"', `"a|b; ""'-1"""`],
    ['line\n@SUM(A1)', `"line\n'@SUM(A1)"`],
    ['x, -y', '"x, -y"'],
    [null, '""'],
    [3, '"3"'],
  ])('%j -> %s', (value, expected) => {
    expect(csvField(value)).toBe(expected);
  });

  test.each([
    ['+1 417-555-0100', '"(417) 555-0100"'],
    ['+1 (417) 555 0100', '"(417) 555-0100"'],
    ['417.555.0100', '"(417) 555-0100"'],
    ['1-417-555-0100', '"(417) 555-0100"'],
    ['4175550100', '"(417) 555-0100"'],
    // Not a North American number: the general rule applies.
    ['+44 20 7946 0958', `"'+44 20 7946 0958"`],
    ['=1+1', `"'=1+1"`],
    ['417-555-0100 ext. 2', '"417-555-0100 ext. 2"'],
  ])('phone %j -> %s', (value, expected) => {
    expect(csvField(value, 'phone')).toBe(expected);
  });

  test('nanpPhone leaves anything but a 10-digit (or 1 + 10-digit) number alone', () => {
    expect(nanpPhone('555-0100')).toBeNull();
    expect(nanpPhone('2-417-555-0100')).toBeNull();
    expect(nanpPhone('417 555 0100 x1')).toBeNull();
  });
});

describe('leadsCsv', () => {
  test('the same columns in the same order whatever leads there are; every cell quoted', () => {
    const csv = leadsCsv([
      lead({ payload: { name: 'Dana', email: 'd@example.com' }, delivery_state: 'delivered', attempts: 2 }),
      lead({
        id: 'id-2',
        kind: 'download',
        payload: { firstName: 'Lee', email: 'l@example.com' },
        last_error: 'HTTP 500',
        idempotency_key: '6f1c1a8e-0d7e-4f4e-9a59-3f0c2b1f7d10',
      }),
    ]);
    const lines = csv.split('\r\n');
    expect(lines[0]).toBe(HEADER.map((c) => `"${c}"`).join(','));
    const row = (values: Record<string, string>) => HEADER.map((c) => `"${values[c] ?? ''}"`).join(',');
    expect(lines.slice(1)).toEqual([
      row({
        id: 'id-1',
        kind: 'contact',
        created_at: '2026-11-22T06:00:00.000Z',
        delivery_state: 'delivered',
        attempts: '2',
        name: 'Dana',
        email: 'd@example.com',
      }),
      row({
        id: 'id-2',
        kind: 'download',
        created_at: '2026-11-22T06:00:00.000Z',
        delivery_state: 'pending',
        attempts: '0',
        last_error: 'HTTP 500',
        idempotency_key: '6f1c1a8e-0d7e-4f4e-9a59-3f0c2b1f7d10',
        firstName: 'Lee',
        email: 'l@example.com',
      }),
      '',
    ]);
    // No leads, other leads, or the same leads in another order: the same header.
    expect(leadsCsv([]).split('\r\n')[0]).toBe(lines[0]);
    expect(leadsCsv([lead({ payload: { zip: '65806' } })]).split('\r\n')[0]).toBe(lines[0]);
  });

  test('a field no endpoint stores today follows the known ones, alphabetically', () => {
    const header = leadsCsv([lead({ payload: { zeta: 1, alpha: 2, name: 'x' } })]).split('\r\n')[0] ?? '';
    expect(header.endsWith('"triggered_from","alpha","zeta"')).toBe(true);
  });

  test('every field a lead form submits has its column', () => {
    const stored = new Set<string>(PAYLOAD_COLUMNS);
    for (const schema of [contactLeadSchema, downloadLeadSchema, planRequestLeadSchema]) {
      for (const field of Object.keys(schema.shape)) expect(stored, field).toContain(field);
    }
  });

  test('no cell starts a formula, whatever delimiter a spreadsheet guesses', () => {
    const triggers = fc.constantFrom('=', '+', '-', '@', '\t', '\r', ' =', ';=', ',=', '\t=', '"=', '|=');
    const text = fc.oneof(
      fc.string(),
      fc.tuple(fc.string(), triggers, fc.string()).map((parts) => parts.join('')),
    );
    fc.assert(
      fc.property(fc.dictionary(fc.constantFrom(...PAYLOAD_COLUMNS), text), (payload) => {
        const csv = leadsCsv([lead({ payload })]);
        for (const delimiter of [',', ';', '\t', '|']) {
          for (const cell of spreadsheetCells(csv, delimiter)) {
            expect(cell, `${JSON.stringify(delimiter)} ${JSON.stringify(cell)}`).not.toMatch(/^\s*[=+\-@]/);
          }
        }
      }),
      { numRuns: 500 },
    );
  });
});
