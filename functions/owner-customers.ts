/**
 * The owner's customers (docs/product/desk.md#owner-api): `GET /api/owner/customers?q=` -> `{ customers }`
 * found by name, e-mail, phone (the last four digits too) or ZIP; `GET /api/owner/customers/{id}` ->
 * the customer with `visits`, `orders`, `planDetails` and `leads`. The owner's live session only.
 */
import type { OwnerCustomersAnswer } from '../src/features/owner/records-api.ts';
import { FIELD_LIMITS } from '../src/lib/validation.ts';
import { requireOwner } from './_lib/platform/auth.ts';
import { getDb } from './_lib/platform/db.ts';
import { HttpError, handler, json } from './_lib/platform/http.ts';
import { customerRecord, searchCustomers } from './_lib/owner/records.ts';

export default handler(['GET'], async (req, context) => {
  await requireOwner(req);
  const db = await getDb();
  const id = context.params?.['id'];
  if (id) return json(await customerRecord(db, id));
  const q = new URL(req.url).searchParams.get('q') ?? '';
  if (q.length > FIELD_LIMITS.text || q.includes('\u0000')) {
    throw new HttpError(400, `q must be at most ${FIELD_LIMITS.text} characters of text`);
  }
  return json({ customers: await searchCustomers(db, q) } satisfies OwnerCustomersAnswer);
});

export const config = { path: ['/api/owner/customers', '/api/owner/customers/:id'] };
