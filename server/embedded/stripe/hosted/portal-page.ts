/**
 * The hosted billing portal at a portal session's url: the customer's plan, its price, status and
 * renewal date, the card on file and the invoices. "Cancel plan" sets cancel_at_period_end (the
 * plan runs to the end of the period, with the business's notice policy shown) and "Keep plan"
 * undoes it. When the portal configuration lists products and prices, "Change plan" lists them,
 * shows what the change costs today and from the next renewal (prorated as configured), and
 * "Confirm" makes it. Plain forms and links, so it works without JavaScript.
 */
import type { Db } from '../../../../functions/_lib/platform/db.ts';
import { readLimited, type Handler } from '../../../../functions/_lib/platform/http.ts';
import { escapeHtml } from '../../../../src/lib/html.ts';
import { currentPeriodEnd, type Subscription } from '../billing.ts';
import { StripeError } from '../errors.ts';
import { changePrice, previewPriceChange } from '../ledger.ts';
import { PORTAL_PREFIX } from '../paths.ts';
import { periodText, type KnownPrice } from '../prices.ts';
import { loadConfiguration, type PortalConfiguration } from '../resources/billing-portal.ts';
import type { CardOnFile } from '../resources/customers.ts';
import { loadKnownPrices } from '../resources/prices.ts';
import { changeSubscription } from '../resources/subscriptions.ts';
import { list, load, textOr, type Stored, type StripeObject } from '../store.ts';
import { formatMoney } from '../../../../src/lib/money.ts';
import { formatDate, htmlPage, seeOther } from './html.ts';

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
  changed: 'Your plan has been changed.',
};

/** The notice for a `?notice=` value; only the portal's own ones (never `constructor` and the like). */
function noticeFor(key: string | null): string | null {
  return key !== null && Object.hasOwn(NOTICES, key) ? (NOTICES[key] ?? null) : null;
}

/** "$630.00 per year" for a price. */
function priceText(price: KnownPrice['price']): string {
  return `${formatMoney(price.unit_amount, price.currency)} ${price.recurring ? periodText(price.recurring) : ''}`.trim();
}

/** The prices this configuration lets a subscription switch to, when it lets it switch at all. */
async function switchablePrices(db: Db, configuration: PortalConfiguration, subscription: Subscription) {
  const update = configuration.features.subscription_update;
  const current = subscription.items.data[0]?.price;
  if (!update.enabled || !update.default_allowed_updates.includes('price') || !current) return null;
  if (subscription.status === 'canceled' || subscription.items.data.length !== 1) return null;
  if (!update.products.some((p) => p.product === current.product)) return null;
  const ids = update.products.flatMap((p) => p.prices);
  const known = await loadKnownPrices(db, ids);
  return ids.flatMap((id) => {
    const price = known.get(id);
    return price?.price.active ? [price] : [];
  });
}

function renderSubscription(
  stored: Stored<Subscription>,
  portalId: string,
  policy: string,
  canChange: boolean,
): string {
  const subscription = stored.data;
  const items = subscription.items.data;
  const amount = items.reduce((sum, item) => sum + item.price.unit_amount * (item.quantity ?? 1), 0);
  const first = items[0]?.price;
  const price = first
    ? `${formatMoney(amount, first.currency)} ${first.recurring ? periodText(first.recurring) : 'per period'}`
    : '';
  const end = currentPeriodEnd(subscription);
  const status = String(subscription.status);
  const cancelling = subscription.cancel_at_period_end === true;
  const name = textOr(stored.private['productName'], 'Subscription');
  const headingId = `plan-${escapeHtml(subscription.id)}`;
  const action = (verb: 'cancel' | 'renew', label: string, cls: string) =>
    `<form method="post" action="${PORTAL_PREFIX}/${escapeHtml(portalId)}/${verb}"><input type="hidden" name="subscription" value="${escapeHtml(subscription.id)}"><button type="submit" class="${cls}">${label}</button></form>`;
  const change = canChange
    ? `<p><a href="${PORTAL_PREFIX}/${escapeHtml(portalId)}/change?subscription=${escapeHtml(subscription.id)}">Change plan</a></p>`
    : '';
  let controls = '';
  if (status !== 'canceled') {
    controls = cancelling
      ? `<p>Your plan is canceled and ends on <strong>${end ? formatDate(end) : 'the end of the period'}</strong>. ${escapeHtml(policy)}</p>${action('renew', 'Keep plan', '')}`
      : `${change}<p class="muted">${escapeHtml(policy)}</p>${action('cancel', 'Cancel plan', 'secondary')}`;
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
  subscriptions: { stored: Stored<Subscription>; canChange: boolean }[];
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
      ? subscriptions.map((s) => renderSubscription(s.stored, portal.id, view.policy, s.canChange)).join('\n')
      : '<p>You have no plan.</p>';
  const cardText = card
    ? `${card.brand === 'unknown' ? 'Card' : card.brand[0]?.toUpperCase() + card.brand.slice(1)} ending in ${escapeHtml(card.last4)}, expires ${String(card.expMonth).padStart(2, '0')}/${card.expYear}`
    : 'No card on file.';
  const balance = Number(customer['balance'] ?? 0);
  const credit =
    balance < 0
      ? `<p>Credit balance: ${formatMoney(-balance, textOr(customer['currency'], 'usd'))}, applied to your next invoices.</p>`
      : '';
  const rows = invoices
    .map(
      (i) =>
        `<tr><td>${formatDate(Number(i['created']))}</td><td>${formatMoney(Number(i['amount_paid']), String(i['currency']))}</td><td>${escapeHtml(String(i['status']))}</td><td>${typeof i['hosted_invoice_url'] === 'string' ? `<a href="${escapeHtml(i['hosted_invoice_url'])}">View invoice ${escapeHtml(textOr(i['number'], i.id))}</a>` : ''}</td></tr>`,
    )
    .join('');
  return `<div class="stack">
<p class="merchant">${escapeHtml(businessName)}</p>
<h1>Billing</h1>
<p class="muted">Signed in as ${escapeHtml(textOr(customer['email'], customer.id))}</p>
${view.notice ? `<div class="notice" role="status">${escapeHtml(view.notice)}</div>` : ''}
${back}
<section class="stack" aria-labelledby="plans-heading"><h2 id="plans-heading">Current plan</h2>
${plans}
</section>
<section aria-labelledby="card-heading"><h2 id="card-heading">Payment method</h2><p>${cardText}</p>${credit}</section>
<section aria-labelledby="invoices-heading"><h2 id="invoices-heading">Invoice history</h2>
${rows ? `<table><thead><tr><th scope="col">Date</th><th scope="col">Amount</th><th scope="col">Status</th><th scope="col">Invoice</th></tr></thead><tbody>${rows}</tbody></table>` : '<p>No invoices yet.</p>'}
</section>
</div>`;
}

/** The "Change plan" list: every price the configuration offers, the current one marked. */
export function renderChoices(view: { portalId: string; subscription: Subscription; choices: KnownPrice[] }): string {
  const current = view.subscription.items.data[0]?.price.id;
  const base = `${PORTAL_PREFIX}/${escapeHtml(view.portalId)}`;
  const rows = view.choices
    .map((choice) => {
      const label = `${escapeHtml(choice.productName)}, ${priceText(choice.price)}`;
      const control =
        choice.price.id === current
          ? '<strong>Current plan</strong>'
          : `<form method="get" action="${base}/change"><input type="hidden" name="subscription" value="${escapeHtml(view.subscription.id)}"><input type="hidden" name="price" value="${escapeHtml(choice.price.id)}"><button type="submit" aria-label="Select ${label}">Select</button></form>`;
      return `<li><span>${label}</span>${control}</li>`;
    })
    .join('\n');
  return `<div class="stack">
<h1>Change plan</h1>
<ul class="lines">
${rows}
</ul>
<p><a href="${base}">Back to billing</a></p>
</div>`;
}

/** The confirmation of one change: what it costs today and from the next renewal. */
export function renderConfirmation(view: {
  portalId: string;
  subscription: Subscription;
  choice: KnownPrice;
  preview: { dueNow: number; credit: number; nextAmount: number; nextDate: number; currency: string };
}): string {
  const { choice, preview } = view;
  const base = `${PORTAL_PREFIX}/${escapeHtml(view.portalId)}`;
  return `<div class="stack">
<h1>Confirm your new plan</h1>
<p><strong>${escapeHtml(choice.productName)}, ${priceText(choice.price)}</strong></p>
<dl><dt>Amount due today</dt><dd>${formatMoney(preview.dueNow, preview.currency)}</dd>
${preview.credit > 0 ? `<dt>Credit for later payments</dt><dd>${formatMoney(preview.credit, preview.currency)}</dd>` : ''}
<dt>Next payment</dt><dd>${formatMoney(preview.nextAmount, preview.currency)} on ${formatDate(preview.nextDate)}</dd></dl>
<p class="muted">The unused time of your current plan is credited; the amount due today is charged to your card on file.</p>
<form method="post" action="${base}/change"><input type="hidden" name="subscription" value="${escapeHtml(view.subscription.id)}"><input type="hidden" name="price" value="${escapeHtml(choice.price.id)}"><button type="submit" class="primary">Confirm</button></form>
<p><a href="${base}/change?subscription=${escapeHtml(view.subscription.id)}">Back to plans</a></p>
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

function notChanged(id: string, message: string): Response {
  return htmlPage(
    400,
    'Plan not changed',
    `<section class="stack"><h1>Plan not changed</h1><p>${escapeHtml(message)}</p><p><a href="${PORTAL_PREFIX}/${id}">Back to billing</a></p></section>`,
  );
}

/** Ids are plain ASCII; anything else (a NUL would even break the lookup) is no object. */
const SUBSCRIPTION_ID = /^sub_[A-Za-z0-9]+$/;
const PRICE_ID = /^price_[A-Za-z0-9]+$/;

/**
 * Handles GET `/_stripe/billing/:id`, POST `/_stripe/billing/:id/cancel|renew`, and GET and POST
 * `/_stripe/billing/:id/change`.
 */
export function createPortalPages(options: {
  db: Db;
  businessName: string;
  policy: string;
  onCommit: () => void;
  now: () => number;
}): Handler {
  const { db, businessName, policy, onCommit } = options;
  return async (req) => {
    const url = new URL(req.url);
    const match = /^\/(bps_[A-Za-z0-9]+)(?:\/(cancel|renew|change))?$/.exec(url.pathname.slice(PORTAL_PREFIX.length));
    if (!match?.[1]) return notFound();
    const [, id, verb] = match as unknown as [string, string, 'cancel' | 'renew' | 'change' | undefined];
    const allowed = verb === 'change' ? ['GET', 'HEAD', 'POST'] : verb ? ['POST'] : ['GET', 'HEAD'];
    if (!allowed.includes(req.method)) {
      return new Response('Method not allowed', { status: 405, headers: { Allow: allowed.join(', ') } });
    }
    const portal = await load(db, 'billing_portal.session', id);
    if (!portal) return notFound();
    const now = Math.floor(options.now() / 1000);
    const returnUrl = typeof portal.data['return_url'] === 'string' ? portal.data['return_url'] : null;
    if (Number(portal.private['expiresAt'] ?? 0) <= now) return expiredPage(returnUrl, businessName);
    const customerId = String(portal.data['customer']);
    const configurationId = portal.data['configuration'];
    const configuration = await loadConfiguration(
      db,
      typeof configurationId === 'string' ? configurationId : undefined,
    );
    if (!configuration) return notFound();

    const posted = req.method === 'POST' ? new URLSearchParams(await readLimited(req, 4096).catch(() => '')) : null;
    const field = (name: string) => (posted ? posted.get(name) : url.searchParams.get(name)) ?? '';
    let subscription: Stored<Subscription> | null = null;
    if (verb) {
      const subscriptionId = field('subscription');
      if (!SUBSCRIPTION_ID.test(subscriptionId)) return notFound();
      subscription = await load<Subscription>(db, 'subscription', subscriptionId);
      if (!subscription || subscription.data.customer !== customerId) return notFound();
    }

    if (subscription && (verb === 'cancel' || verb === 'renew')) {
      try {
        await db.transaction((tx) =>
          changeSubscription(tx, subscription.data.id, { cancelAtPeriodEnd: verb === 'cancel' }, now),
        );
      } catch (error) {
        if (!(error instanceof StripeError)) throw error;
        return notChanged(id, error.message);
      }
      onCommit();
      return seeOther(`${PORTAL_PREFIX}/${id}?notice=${verb === 'cancel' ? 'canceled' : 'renewed'}`);
    }

    if (subscription && verb === 'change') {
      const choices = await switchablePrices(db, configuration, subscription.data);
      if (!choices) return notChanged(id, 'This plan cannot be changed here. Contact us to change it.');
      const priceId = field('price');
      if (!priceId) {
        return htmlPage(
          200,
          `Change plan: ${businessName}`,
          renderChoices({ portalId: id, subscription: subscription.data, choices }),
        );
      }
      const choice = PRICE_ID.test(priceId) ? choices.find((c) => c.price.id === priceId) : undefined;
      if (!choice) return notChanged(id, 'That plan is not offered here.');
      const behavior = configuration.features.subscription_update.proration_behavior;
      if (req.method !== 'POST') {
        const preview = await previewPriceChange(db, subscription.data.id, { price: choice, behavior, now });
        return htmlPage(
          200,
          `Confirm your new plan: ${businessName}`,
          renderConfirmation({ portalId: id, subscription: subscription.data, choice, preview }),
        );
      }
      try {
        const target = subscription.data.id;
        await db.transaction((tx) => changePrice(tx, target, { price: choice, behavior, now }));
      } catch (error) {
        if (!(error instanceof StripeError)) throw error;
        return notChanged(id, error.message);
      }
      onCommit();
      return seeOther(`${PORTAL_PREFIX}/${id}?notice=changed`);
    }

    const customer = await load(db, 'customer', customerId);
    if (!customer) return notFound();
    const stored = await list<Subscription>(db, 'subscription', { customer: customerId, limit: 20 });
    const subscriptions = await Promise.all(
      stored.map(async (s) => ({ stored: s, canChange: (await switchablePrices(db, configuration, s.data)) !== null })),
    );
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
