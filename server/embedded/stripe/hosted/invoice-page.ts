/**
 * The hosted page of an invoice, at its `hosted_invoice_url` (`/_stripe/invoice/<invoice id>`),
 * as Stripe's hosted invoice page shows a paid one: the business, the invoice number, the date
 * paid, each line, the total and the amount paid: the customer's receipt. Read-only.
 */
import type { Db } from '../../../../functions/_lib/platform/db.ts';
import type { Handler } from '../../../../functions/_lib/platform/http.ts';
import { escapeHtml } from '../../../../src/lib/html.ts';
import { formatMoney } from '../../../../src/lib/money.ts';
import { INVOICE_PREFIX } from '../paths.ts';
import { load, textOr, type StripeObject } from '../store.ts';
import { formatDate, htmlPage } from './html.ts';

const notFound = () =>
  htmlPage(
    404,
    'Invoice not found',
    '<section class="stack"><h1>Invoice not found</h1><p>This invoice link is not valid.</p></section>',
  );

/** The receipt of a paid invoice (or the invoice and its status, when not paid). */
export function renderInvoice(invoice: StripeObject, businessName: string): string {
  const currency = textOr(invoice['currency'], 'usd');
  const lines = ((invoice['lines'] as { data?: StripeObject[] } | undefined)?.data ?? [])
    .map(
      (line) =>
        `<tr><td>${escapeHtml(textOr(line['description'], ''))}</td><td>${formatMoney(Number(line['amount']), currency)}</td></tr>`,
    )
    .join('');
  const paid = invoice['status'] === 'paid';
  const paidAt = (invoice['status_transitions'] as { paid_at?: number | null } | undefined)?.paid_at;
  const title = paid ? 'Receipt' : 'Invoice';
  return `<div class="stack">
<p class="merchant">${escapeHtml(businessName)}</p>
<h1>${title}</h1>
<dl>
<dt>Invoice number</dt><dd>${escapeHtml(textOr(invoice['number'], invoice.id))}</dd>
<dt>${paid ? 'Date paid' : 'Date'}</dt><dd>${formatDate(Number(paidAt ?? invoice['created']))}</dd>
<dt>Billed to</dt><dd>${escapeHtml(textOr(invoice['customer_email'], textOr(invoice['customer_name'], '')))}</dd>
<dt>Status</dt><dd>${escapeHtml(String(invoice['status']))}</dd>
</dl>
${typeof invoice['description'] === 'string' ? `<p>${escapeHtml(invoice['description'])}</p>` : ''}
<table><thead><tr><th scope="col">Description</th><th scope="col">Amount</th></tr></thead><tbody>${lines}</tbody>
<tfoot><tr><th scope="row">Total</th><td>${formatMoney(Number(invoice['total']), currency)}</td></tr>
<tr><th scope="row">Amount paid</th><td>${formatMoney(Number(invoice['amount_paid']), currency)}</td></tr></tfoot></table>
${typeof invoice['footer'] === 'string' ? `<p class="muted">${escapeHtml(invoice['footer'])}</p>` : ''}
</div>`;
}

/** GET /_stripe/invoice/<invoice id>: the invoice's hosted page. */
export function createInvoicePages(options: { db: Db; businessName: string }): Handler {
  return async (req) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      return new Response('Method not allowed', { status: 405, headers: { Allow: 'GET, HEAD' } });
    }
    const match = /^\/(in_[A-Za-z0-9]+)$/.exec(new URL(req.url).pathname.slice(INVOICE_PREFIX.length));
    if (!match?.[1]) return notFound();
    const stored = await load(options.db, 'invoice', match[1]);
    // Only an invoice given a hosted page has one (as Stripe: a draft has none).
    if (!stored || typeof stored.data['hosted_invoice_url'] !== 'string') return notFound();
    const number = textOr(stored.data['number'], stored.data.id);
    return htmlPage(
      200,
      `Invoice ${number}: ${options.businessName}`,
      renderInvoice(stored.data, options.businessName),
    );
  };
}
