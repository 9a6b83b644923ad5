/**
 * The desk's calls for leads, customers and exports (docs/product/desk.md#owner-api): a lead change
 * through callApi (the owner's session; a refusal in the server's words), and an export read
 * through callApiFile and handed to the browser as a file download (the Due list's CSV too:
 * docs/product/due-again.md#the-owners-list).
 */
import { callApi, callApiFile } from '@/features/auth/api';
import type { ExportName, LeadChange, OwnerLead } from './records-api';
import { SAVE_FAILED } from './owner-calls';

/** Shown when an export fails without a reason of the server's. */
export const EXPORT_FAILED = 'The export could not be downloaded. Please try again.';

/** Saves a lead's status and note; resolves with the lead as stored. */
export async function saveLead(id: string, change: LeadChange): Promise<OwnerLead> {
  const answer = await callApi<{ lead: OwnerLead }>(`/api/owner/leads/${encodeURIComponent(id)}`, {
    method: 'POST',
    body: change,
    fallback: SAVE_FAILED,
  });
  return answer.lead;
}

/** The export's path, with the range when one is given. */
export function exportPath(name: ExportName, from: string, to: string): string {
  const query = new URLSearchParams({ ...(from ? { from } : {}), ...(to ? { to } : {}) }).toString();
  return `/api/owner/export/${name}.csv${query ? `?${query}` : ''}`;
}

/** Downloads an export as the owner: read with the session, then saved as the file it names. */
export function downloadExport(name: ExportName, from: string, to: string): Promise<void> {
  return downloadFile(exportPath(name, from, to));
}

/** Downloads the file at `path` as the owner (an export, the Due list's CSV): read with the session, saved as the file it names. */
export async function downloadFile(path: string): Promise<void> {
  const { blob, filename } = await callApiFile(path, { fallback: EXPORT_FAILED });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  // Let the browser start the download before the file goes.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
