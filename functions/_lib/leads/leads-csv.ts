/**
 * Leads as CSV (RFC 4180) for `npm run leads:export`: one row per lead, the same columns in the
 * same order whatever leads there are, every cell quoted and none that a spreadsheet would run as
 * a formula (OWASP "CSV Injection").
 */
import { payloadText, type LeadRecord } from './leads.ts';

/** The stored lead's own columns, first in every row. */
export const RECORD_COLUMNS = [
  'id',
  'kind',
  'created_at',
  'delivery_state',
  'attempts',
  'delivered_at',
  'last_error',
  'idempotency_key',
] as const;

/**
 * Every payload field the lead endpoints store (functions/contact.ts, lead.ts, plan-request.ts),
 * in one order: who, how to reach them, what they asked for, then where it came from. A field
 * not listed (a lead stored by an older version) follows, in alphabetical order.
 */
export const PAYLOAD_COLUMNS = [
  'name',
  'fullName',
  'firstName',
  'email',
  'phone',
  'address',
  'city',
  'state',
  'zip',
  'service',
  'message',
  'downloadType',
  'planType',
  'planName',
  'billingPeriod',
  'quotedPrice',
  'preferredDay',
  'specialInstructions',
  'agreeTerms',
  'textConsent',
  'timestamp',
  'source',
  'triggered_from',
] as const;

/**
 * What a spreadsheet reads as the start of a formula (OWASP): `=`, `+`, `-`, `@`, tab and
 * carriage return, also after leading spaces, which some spreadsheets trim on import.
 */
const FORMULA_START = /^\s*[=+\-@\t\r]/;

/**
 * A formula start inside a cell, right after a character a spreadsheet may split on when it
 * guesses another delimiter than the comma (`;`, tab, `|`) or a line break, and any spaces or
 * quotes: a spreadsheet honours quotes only at the start of a cell, so once it splits the line
 * elsewhere, `x;=1+1` becomes a cell `=1+1`.
 */
const FORMULA_AFTER_BREAK = /([;\t|\r\n][\s"]*)(?=[=+\-@])/g;

/**
 * A North American number (10 digits, or 11 starting with the country code 1, with any of the
 * usual separators) in the form the business dials, `(417) 555-0100`; null for anything else.
 */
export function nanpPhone(text: string): string | null {
  if (!/^[\d\s().+-]+$/.test(text)) return null;
  const digits = text.replace(/\D/g, '');
  const national = digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
  if (national.length !== 10) return null;
  return `(${national.slice(0, 3)}) ${national.slice(3, 6)}-${national.slice(6)}`;
}

/**
 * One CSV field, always quoted, and never the start of a formula whatever delimiter a spreadsheet
 * guesses (OWASP's advice, applied to the whole cell): a cell that would start one gets a leading
 * `'`, and so does a formula start after a `;`, tab, `|` or line break inside it. A phone number
 * is written `(417) 555-0100` instead: `+1 417-555-0100` read by a spreadsheet is the sum -1071,
 * and an apostrophe would be dialled along with it. A number from outside North America keeps
 * the apostrophe (the business serves one area code).
 */
export function csvField(value: unknown, column?: string): string {
  let text = payloadText(value);
  if (column === 'phone') text = nanpPhone(text) ?? text;
  text = text.replace(FORMULA_AFTER_BREAK, "$1'");
  if (FORMULA_START.test(text)) text = `'${text}`;
  return `"${text.replaceAll('"', '""')}"`;
}

/** The CSV of `leads`: the record's columns, then the payload's in PAYLOAD_COLUMNS order. */
export function leadsCsv(leads: readonly LeadRecord[]): string {
  const known = new Set<string>(PAYLOAD_COLUMNS);
  const extra = new Set<string>();
  for (const lead of leads) for (const key of Object.keys(lead.payload)) if (!known.has(key)) extra.add(key);
  const payloadColumns = [...PAYLOAD_COLUMNS, ...[...extra].sort()];
  const header = [...RECORD_COLUMNS, ...payloadColumns].map((column) => csvField(column));
  const rows = leads.map((lead) => [
    ...RECORD_COLUMNS.map((column) => csvField(lead[column], column)),
    ...payloadColumns.map((column) => csvField(lead.payload[column], column)),
  ]);
  return [header, ...rows].map((row) => row.join(',')).join('\r\n') + '\r\n';
}
