/**
 * The owner's settings (docs/product/desk.md#owner-api): `GET /api/owner/settings` -> `{visitsPerWindow, today}`;
 * `POST {visitsPerWindow}` (1 to 20) sets how many visits a window takes. The owner's live session only.
 */
import { isVisitsPerWindow, VISITS_PER_WINDOW_LIMITS } from '../src/features/visits/capacity.ts';
import type { OwnerSettings } from '../src/features/visits/owner-api.ts';
import { businessToday } from '../src/lib/dates.ts';
import { requireOwner } from './_lib/platform/auth.ts';
import { now } from './_lib/platform/clock.ts';
import { getDb } from './_lib/platform/db.ts';
import { HttpError, handler, json, readJsonObject } from './_lib/platform/http.ts';
import { setVisitsPerWindow, visitsPerWindow } from './_lib/visits/capacity.ts';

export default handler(['GET', 'POST'], async (req) => {
  await requireOwner(req);
  const db = await getDb();
  if (req.method === 'POST') {
    const { visitsPerWindow: value } = await readJsonObject(req);
    if (!isVisitsPerWindow(value)) {
      const { min, max } = VISITS_PER_WINDOW_LIMITS;
      throw new HttpError(400, `visitsPerWindow must be a whole number from ${min} to ${max}`);
    }
    await setVisitsPerWindow(db, value);
  }
  return json({ visitsPerWindow: await visitsPerWindow(db), today: businessToday(now()) } satisfies OwnerSettings);
});

export const config = { path: '/api/owner/settings' };
