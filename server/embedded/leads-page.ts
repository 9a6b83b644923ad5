/**
 * The embedded default's lead list: GET /_dev/leads (HTML) and /_dev/leads.json, so a site run
 * without automation webhooks still shows every lead and whether it was relayed.
 */
import type { Db } from '../../functions/_lib/platform/db.ts';
import { handler, json, type Handler } from '../../functions/_lib/platform/http.ts';
import { listLeads, payloadText, type LeadRecord } from '../../functions/_lib/leads/leads.ts';
import { escapeHtml } from '../../src/lib/html.ts';
import { devPageResponse, formatUtc, renderDevPage } from './dev-page.ts';

// The page is for a person glancing at recent leads; the CSV export has them all.
const PAGE_SIZE = 500;

function when(iso: string | null): string {
  return iso ? formatUtc(iso) : '';
}

function rowHtml(lead: LeadRecord): string {
  const fields = Object.entries(lead.payload)
    .map(([key, value]) => `<dt>${escapeHtml(key)}</dt><dd>${escapeHtml(payloadText(value))}</dd>`)
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
  const list = leads.length
    ? `<div class="scroll"><table>
<thead><tr><th scope="col">Kind</th><th scope="col">Created</th><th scope="col">Delivery</th><th scope="col">Attempts</th><th scope="col">Last error</th><th scope="col">Fields</th></tr></thead>
<tbody>
${leads.map(rowHtml).join('\n')}
</tbody>
</table></div>`
    : '<p>No leads yet. Send the contact form or download a guide and it appears here.</p>';
  return renderDevPage({
    title: `Local leads (${leads.length})`,
    wide: true,
    content: `<h1>Local leads</h1>
<p class="muted">Leads and owner events (kind <code>order</code>: paid bookings, plans started, changed or cancelled, refunds) stored by this server, newest first (up to ${PAGE_SIZE}). With no webhook configured they stay here
("unconfigured"); <code>npm run leads:export</code> writes all of them as CSV. <a href="/_dev/leads.json">As JSON</a></p>
<section>
${list}
</section>`,
  });
}

/** GET handler for /_dev/leads and /_dev/leads.json. */
export function createDevLeadsHandler(db: Db): Handler {
  return handler(['GET', 'HEAD'], async (req) => {
    const leads = await listLeads(db, PAGE_SIZE);
    if (new URL(req.url).pathname.endsWith('.json')) return json({ leads });
    return devPageResponse(renderLeadsPage(leads));
  });
}
