/**
 * The owner's exports (docs/product/desk.md#owner-api): `GET /api/owner/export/{customers|visits|orders|leads}.csv
 * [?from=YYYY-MM-DD&to=YYYY-MM-DD]` -> a CSV download whose cells no spreadsheet runs as a formula;
 * and `GET /api/owner/export/due.csv`, the customers due again within the next 30 days or overdue
 * (docs/product/due-again.md#the-owners-list). The owner's live session only.
 */
import { EXPORTS, type ExportName } from '../src/features/owner/records-api.ts';
import { businessToday, dayProblem } from '../src/lib/dates.ts';
import { requireOwner } from './_lib/platform/auth.ts';
import { now } from './_lib/platform/clock.ts';
import { getDb } from './_lib/platform/db.ts';
import { HttpError, handler } from './_lib/platform/http.ts';
import { DUE_EXPORT, exportCsv, exportDueCsv } from './_lib/owner/records.ts';

/** The day of a query parameter, or null when absent; a 400 naming it when it is no calendar day. */
function day(url: URL, name: 'from' | 'to'): string | null {
  const value = url.searchParams.get(name);
  if (value === null || value === '') return null;
  const problem = dayProblem(name, value);
  if (problem) throw new HttpError(400, problem);
  return value;
}

export default handler(['GET'], async (req, context) => {
  await requireOwner(req);
  const file = context.params?.['file'] ?? '';
  const name = file.replace(/\.csv$/, '');
  const names = [...EXPORTS, DUE_EXPORT];
  if (!file.endsWith('.csv') || !(names as readonly string[]).includes(name)) {
    throw new HttpError(404, `No such export: ask for one of ${names.map((e) => `${e}.csv`).join(', ')}`);
  }
  const url = new URL(req.url);
  const range = { from: day(url, 'from'), to: day(url, 'to') };
  if (range.from && range.to && range.to < range.from) throw new HttpError(400, 'to must not be before from');
  const csv =
    name === DUE_EXPORT
      ? await exportDueCsv(await getDb(), now())
      : await exportCsv(await getDb(), name as ExportName, range);
  return new Response(csv, {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${name}-${businessToday(now())}.csv"`,
      'Cache-Control': 'no-store',
    },
  });
});

export const config = { path: '/api/owner/export/:file' };
