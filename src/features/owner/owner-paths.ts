/**
 * The owner API's paths the desk reads (docs/product/desk.md#owner-api), apart from the calls, so the
 * /owner page's own script (early-reads.ts) can name them without the desk's code.
 */

/** The owner's settings: the capacity and the server's today. */
export const SETTINGS_PATH = '/api/owner/settings';

/** The visits path of a range (and one status). */
export function visitsPath(from: string, to: string, status?: 'requested'): string {
  const query = new URLSearchParams({ from, to, ...(status ? { status } : {}) });
  return `/api/owner/visits?${query.toString()}`;
}

/** The path of one visit, with its history. */
export function visitPath(id: string): string {
  return `/api/owner/visits/${encodeURIComponent(id)}`;
}
