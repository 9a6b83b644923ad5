/**
 * `GET /api/owner/extras` (docs/product/extras.md#the-catalogue): the catalogue of extras, prices in
 * cents and the services each is used on. The owner's live session only. The desk draws the same
 * file it was built with; the server prices every charge from it.
 */
import { EXTRAS, type ExtrasAnswer } from '../src/features/extras/extras.ts';
import { requireOwner } from './_lib/platform/auth.ts';
import { handler, json } from './_lib/platform/http.ts';

export default handler(['GET'], async (req) => {
  await requireOwner(req);
  const answer: ExtrasAnswer = { extras: EXTRAS.map((extra) => ({ ...extra, services: [...extra.services] })) };
  return json(answer);
});

export const config = { path: '/api/owner/extras' };
