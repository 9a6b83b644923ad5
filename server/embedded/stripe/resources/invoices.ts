/** `/v1/invoices`: list (by customer, subscription or status), retrieve, and the preview of the next one. */
import type { ApiCall, ListObject } from '../call.ts';
import { missingParam, noSuch } from '../errors.ts';
import { previewNextInvoice } from '../ledger.ts';
import { optionalEnum, optionalInteger, optionalString, rejectUnknown } from '../params.ts';
import { list, load, type StripeObject } from '../store.ts';

/** GET /v1/invoices/:id */
export async function retrieveInvoice({ db, id, params }: ApiCall): Promise<StripeObject> {
  rejectUnknown(params, ['expand']);
  const stored = await load(db, 'invoice', id);
  if (!stored) throw noSuch('invoice', id, 'id');
  return stored.data;
}

/** GET /v1/invoices?customer=...&subscription=...&status=... (newest first) */
export async function listInvoices({ db, params }: ApiCall): Promise<ListObject> {
  rejectUnknown(params, ['customer', 'subscription', 'status', 'limit', 'expand', 'created']);
  const limit = optionalInteger(params['limit'], 'limit', 1, 100) ?? 10;
  const customer = optionalString(params['customer'], 'customer', 255);
  const subscription = optionalString(params['subscription'], 'subscription', 255);
  const status = optionalEnum(params['status'], 'status', ['draft', 'open', 'paid', 'uncollectible', 'void'] as const);
  const rows = await list(db, 'invoice', { ...(customer === undefined ? {} : { customer }), limit: 10_000 });
  const matching = rows
    .map((r) => r.data)
    .filter((invoice) => {
      const parent = invoice['parent'] as { subscription_details?: { subscription?: string } } | null;
      return (
        (status === undefined || invoice['status'] === status) &&
        (subscription === undefined || parent?.subscription_details?.subscription === subscription)
      );
    });
  return { object: 'list', data: matching.slice(0, limit), has_more: matching.length > limit, url: '/v1/invoices' };
}

/** POST /v1/invoices/create_preview: the next invoice of a subscription. */
export async function createInvoicePreview({ db, params, now }: ApiCall): Promise<StripeObject> {
  rejectUnknown(params, ['customer', 'subscription', 'expand']);
  const subscription = optionalString(params['subscription'], 'subscription', 255);
  if (!subscription) throw missingParam('subscription');
  const preview = await previewNextInvoice(db, subscription, now);
  const customer = optionalString(params['customer'], 'customer', 255);
  if (customer !== undefined && customer !== preview['customer'])
    throw noSuch('subscription', subscription, 'subscription', 400);
  return preview;
}
