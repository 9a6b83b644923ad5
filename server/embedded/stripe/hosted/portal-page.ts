/**
 * The hosted billing portal at a portal session's url: the customer's plan, its status and
 * renewal date, the card on file and the invoices; "Cancel plan" sets cancel_at_period_end (the
 * plan runs to the end of the period, with the business's notice policy shown) and "Keep plan"
 * undoes it. Plain forms, so it works without JavaScript.
 */
import type { Db } from '../../../../functions/_lib/db.ts';
import { readLimited, type Handler } from '../../../../functions/_lib/http.ts';
import { escapeHtml } from '../../dev-page.ts';
import { currentPeriodEnd } from '../billing.ts';
import type { CardOnFile } from '../completion.ts';
import { StripeError } from '../errors.ts';
import { PORTAL_PREFIX } from '../paths.ts';
import { changeSubscription } from '../resources/subscriptions.ts';
import { list, load, type Stored, type StripeObject } from '../store.ts';
import { formatDate, formatMoney, htmlPage, seeOther } from './html.ts';

interface Item {
  quantity?: number;
  price: { unit_amount: number; currency: string; recurring: { interval: string } | null; product: string };
}

const STATUS_LABELS: Record<string, string> = {
  active: 'Active',
  trialing: 'Trial',
  past_due: 'Past due',
  unpaid: 'Unpaid',
  canceled: 'Canceled',
  incomplete: 'Incomplete',
};

const NOTICES: Record<string, string> = {
  canceled: 'Your plan is set to cancel at the end of the current period.',
  renewed: 'Your plan will renew as usual.',
};

/** The notice for a `?notice=` value; only the portal's own ones (never `constructor` and the like). */
function noticeFor(key: string | null): string | null {
  return key !== null && Object.hasOwn(NOTICES, key) ? (NOTICES[key] ?? null) : null;
}

function renderSubscription(stored: Stored, portalId: string, policy: string): string {
  const subscription = stored.data;
  const items = (subscription['items'] as { data: Item[] }).data;
  const amount = items.reduce((sum, item) => sum + item.price.unit_amount * (item.quantity ?? 1), 0);
  const first = items[0]?.price;
  const price = first ? `${formatMoney(amount, first.currency)} per ${first.recurring?.interval ?? 'period'}` : '';
  const end = currentPeriodEnd(subscription);
  const status = String(subscription['status']);
  const cancelling = subscription['cancel_at_period_end'] === true;
  const name = String(stored.private['productName'] ?? 'Subscription');
  const headingId = `plan-${escapeHtml(subscription.id)}`;
  const action = (verb: 'cancel' | 'renew', label: string, cls: string) =>
    `<form method="post" action="${PORTAL_PREFIX}/${escapeHtml(portalId)}/${verb}"><input type="hidden" name="subscription" value="${escapeHtml(subscription.id)}"><button type="submit" class="${cls}">${label}</button></form>`;
  let controls = '';
  if (status !== 'canceled') {
    controls = cancelling
      ? `<p>Your plan is canceled and ends on <strong>${end ? formatDate(end) : 'the end of the period'}</strong>. ${escapeHtml(policy)}</p>${action('renew', 'Keep plan', '')}`
      : `<p class="muted">${escapeHtml(policy)}</p>${action('cancel', 'Cancel plan', 'secondary')}`;
  }
  const dateLabel = status === 'canceled' ? 'Ended on' : cancelling ? 'Cancels on' : 'Renews on';
  const date = status === 'canceled' ? Number(subscription['ended_at'] ?? end) : end;
  return `<article class="stack" aria-labelledby="${headingId}">
<h3 id="${headingId}">${escapeHtml(name)}</h3>
<p>${price}</p>
<dl><dt>Status</dt><dd>${STATUS_LABELS[status] ?? escapeHtml(status)}${cancelling && status !== 'canceled' ? ' (cancels at period end)' : ''}</dd>
<dt>${dateLabel}</dt><dd>${date ? formatDate(date) : 'Not scheduled'}</dd></dl>
${controls}
</article>`;
}

/** The portal page body. */
export function renderPortal(view: {
  portal: StripeObject;
  customer: StripeObject;
  card: CardOnFile | null;
  subscriptions: Stored[];
  invoices: StripeObject[];
  businessName: string;
  policy: string;
  notice: string | null;
}): string {
  const { portal, customer, card, subscriptions, invoices, businessName } = view;
  const returnUrl = typeof portal['return_url'] === 'string' ? portal['return_url'] : null;
  const back = returnUrl ? `<p><a href="${escapeHtml(returnUrl)}">← Return to ${escapeHtml(businessName)}</a></p>` : '';
  const plans =
    subscriptions.length > 0
      ? subscriptions.map((s) => renderSubscription(s, portal.id, view.policy)).join('\n')
      : '<p>You have no plan.</p>';
  const cardText = card
    ? `${card.brand === 'unknown' ? 'Card' : card.brand[0]?.toUpperCase() + card.brand.slice(1)} ending in ${escapeHtml(card.last4)}, expires ${String(card.expMonth).padStart(2, '0')}/${card.expYear}`
    : 'No card on file.';
  const rows = invoices
    .map(
      (i) =>
        `<tr><td>${formatDate(Number(i['created']))}</td><td>${formatMoney(Number(i['amount_paid']), String(i['currency']))}</td><td>${escapeHtml(String(i['status']))}</td></tr>`,
    )
    .join('');
  return `<div class="stack">
<p class="merchant">${escapeHtml(businessName)}</p>
<h1>Billing</h1>
<p class="muted">Signed in as ${escapeHtml(String(customer['email'] ?? customer.id))}</p>
${view.notice ? `<div class="notice" role="status">${escapeHtml(view.notice)}</div>` : ''}
${back}
<section class="stack" aria-labelledby="plans-heading"><h2 id="plans-heading">Current plan</h2>
${plans}
</section>
<section aria-labelledby="card-heading"><h2 id="card-heading">Payment method</h2><p>${cardText}</p></section>
<section aria-labelledby="invoices-heading"><h2 id="invoices-heading">Invoice history</h2>
${rows ? `<table><thead><tr><th scope="col">Date</th><th scope="col">Amount</th><th scope="col">Status</th></tr></thead><tbody>${rows}</tbody></table>` : '<p>No invoices yet.</p>'}
</section>
</div>`;
}

function expiredPage(returnUrl: string | null, businessName: string): Response {
  return htmlPage(
    410,
    'Billing link expired',
    `<section class="stack"><h1>This billing link has expired</h1><p>Open billing again from your account.</p>${returnUrl ? `<p><a href="${escapeHtml(returnUrl)}">Return to ${escapeHtml(businessName)}</a></p>` : ''}</section>`,
  );
}

const notFound = () =>
  htmlPage(
    404,
    'Billing link not found',
    '<section class="stack"><h1>Billing link not found</h1><p>This link is not valid.</p></section>',
  );

/** Handles GET `/_stripe/billing/:id` and POST `/_stripe/billing/:id/cancel|renew`. */
export function createPortalPages(options: {
  db: Db;
  businessName: string;
  policy: string;
  onCommit: () => void;
}): Handler {
  const { db, businessName, policy, onCommit } = options;
  return async (req) => {
    const url = new URL(req.url);
    const match = /^\/(bps_[A-Za-z0-9]+)(?:\/(cancel|renew))?$/.exec(url.pathname.slice(PORTAL_PREFIX.length));
    if (!match?.[1]) return notFound();
    const [, id, verb] = match as unknown as [string, string, 'cancel' | 'renew' | undefined];
    if (verb ? req.method !== 'POST' : req.method !== 'GET' && req.method !== 'HEAD') {
      return new Response('Method not allowed', { status: 405, headers: { Allow: verb ? 'POST' : 'GET, HEAD' } });
    }
    const portal = await load(db, 'billing_portal.session', id);
    if (!portal) return notFound();
    const now = Math.floor(Date.now() / 1000);
    const returnUrl = typeof portal.data['return_url'] === 'string' ? portal.data['return_url'] : null;
    if (Number(portal.private['expiresAt'] ?? 0) <= now) return expiredPage(returnUrl, businessName);
    const customerId = String(portal.data['customer']);

    if (verb) {
      const form = new URLSearchParams(await readLimited(req, 4096).catch(() => ''));
      const subscriptionId = form.get('subscription') ?? '';
      // Ids are plain ASCII; anything else (a NUL would even break the lookup) is no subscription.
      if (!/^sub_[A-Za-z0-9]+$/.test(subscriptionId)) return notFound();
      const subscription = await load(db, 'subscription', subscriptionId);
      if (!subscription || subscription.data['customer'] !== customerId) return notFound();
      try {
        await db.transaction((tx) =>
          changeSubscription(tx, subscriptionId, { cancelAtPeriodEnd: verb === 'cancel' }, now),
        );
      } catch (error) {
        if (!(error instanceof StripeError)) throw error;
        return htmlPage(
          400,
          'Plan not changed',
          `<section class="stack"><h1>Plan not changed</h1><p>${escapeHtml(error.message)}</p><p><a href="${PORTAL_PREFIX}/${id}">Back to billing</a></p></section>`,
        );
      }
      onCommit();
      return seeOther(`${PORTAL_PREFIX}/${id}?notice=${verb === 'cancel' ? 'canceled' : 'renewed'}`);
    }

    const customer = await load(db, 'customer', customerId);
    if (!customer) return notFound();
    const subscriptions = await list(db, 'subscription', { customer: customerId, limit: 20 });
    const invoices = (await list(db, 'invoice', { customer: customerId, limit: 50 })).map((i) => i.data);
    const content = renderPortal({
      portal: portal.data,
      customer: customer.data,
      card: (customer.private['card'] as CardOnFile | undefined) ?? null,
      subscriptions,
      invoices,
      businessName,
      policy,
      notice: noticeFor(url.searchParams.get('notice')),
    });
    return htmlPage(200, `Billing: ${businessName}`, content);
  };
}
