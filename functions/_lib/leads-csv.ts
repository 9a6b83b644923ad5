/** Leads as CSV (RFC 4180) for `npm run leads:export`: one row per lead, payload fields as columns. */
import type { LeadRecord } from './leads.ts';

const FIXED = ['id', 'kind', 'created_at', 'delivery_state', 'attempts', 'delivered_at', 'last_error'] as const;

/** One CSV field: quoted when it holds a comma, quote or line break; formula starts defused. */
export function csvField(value: unknown): string {
  let text =
    value === null || value === undefined ? '' : typeof value === 'object' ? JSON.stringify(value) : String(value);
  // A spreadsheet would run "=cmd" typed into a form as a formula.
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** The CSV of `leads`: fixed columns, then every payload field seen, in first-seen order. */
export function leadsCsv(leads: readonly LeadRecord[]): string {
  const payloadKeys: string[] = [];
  for (const lead of leads)
    for (const key of Object.keys(lead.payload)) if (!payloadKeys.includes(key)) payloadKeys.push(key);
  const header = [...FIXED, ...payloadKeys];
  const rows = leads.map((lead) => [...FIXED.map((c) => lead[c]), ...payloadKeys.map((k) => lead.payload[k])]);
  return [header, ...rows].map((row) => row.map(csvField).join(',')).join('\r\n') + '\r\n';
}
