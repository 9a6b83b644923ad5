/**
 * The embedded default's lead list: GET /_dev/leads (HTML) and /_dev/leads.json, so a site run
 * without automation webhooks still shows every lead and whether it was relayed.
 */
import type { Db } from '../../functions/_lib/db.ts';
import { handler, json, type Handler } from '../../functions/_lib/http.ts';
import { listLeads, type LeadRecord } from '../../functions/_lib/leads.ts';
import { escapeHtml } from './mailbox/page.ts';

// The page is for a person glancing at recent leads; the CSV export has them all.
const PAGE_SIZE = 500;

function when(iso: string | null): string {
  return iso ? escapeHtml(iso.replace('T', ' ').replace(/\.\d+Z$/, ' UTC')) : '';
}

function rowHtml(lead: LeadRecord): string {
  const fields = Object.entries(lead.payload)
    .map(([key, value]) => `<dt>${escapeHtml(key)}</dt><dd>${escapeHtml(String(value ?? ''))}</dd>`)
    .join('');
  return `<tr>
  <td>${escapeHtml(lead.kind)}</td>
  <td><time datetime="${escapeHtml(lead.created_at)}">${when(lead.created_at)}</time></td>
  <td>${escapeHtml(lead.delivery_state)}${lead.delivered_at ? `<br><small>${when(lead.delivered_at)}</small>` : ''}</td>
  <td>${lead.attempts}</td>
  <td>${escapeHtml(lead.last_error ?? '')}</td>
  <td><dl>${fields}</dl></td>
</tr>`;
}

/** The HTML page listing `leads` (newest first). */
export function renderLeadsPage(leads: readonly LeadRecord[]): string {
  const body = leads.length
    ? `<table>
<thead><tr><th scope="col">Kind</th><th scope="col">Created</th><th scope="col">Delivery</th><th scope="col">Attempts</th><th scope="col">Last error</th><th scope="col">Fields</th></tr></thead>
<tbody>
${leads.map(rowHtml).join('\n')}
</tbody>
</table>`
    : '<p>No leads yet. Send the contact form or download a guide and it appears here.</p>';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<title>Local leads (${leads.length})</title>
<style>
  body { font: 16px/1.5 system-ui, sans-serif; margin: 0 auto; max-width: 72rem; padding: 1rem; color: #1f2937; }
  header p { color: #4b5563; }
  table { border-collapse: collapse; width: 100%; }
  th, td { border-bottom: 1px solid #d1d5db; padding: 0.5rem; text-align: left; vertical-align: top; }
  dl { display: grid; grid-template-columns: auto 1fr; gap: 0 0.75rem; margin: 0; }
  dt { color: #4b5563; }
  dd { margin: 0; overflow-wrap: anywhere; }
  a { color: #1d4ed8; }
</style>
</head>
<body>
<header>
  <h1>Local leads</h1>
  <p>Leads stored by this server, newest first (up to ${PAGE_SIZE}). With no webhook configured they stay here
  ("unconfigured"); <code>npm run leads:export</code> writes all of them as CSV. <a href="/_dev/leads.json">As JSON</a></p>
</header>
<main>
${body}
</main>
</body>
</html>
`;
}

/** GET handler for /_dev/leads and /_dev/leads.json. */
export function createDevLeadsHandler(db: Db): Handler {
  return handler(['GET', 'HEAD'], async (req) => {
    const leads = await listLeads(db, PAGE_SIZE);
    if (new URL(req.url).pathname.endsWith('.json')) return json({ leads });
    return new Response(renderLeadsPage(leads), {
      headers: { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' },
    });
  });
}
