/**
 * The hosted checkout page at `session.url`: the line items and total, a test-card form that
 * works without JavaScript, Pay (completes the session and redirects to `success_url` with the
 * session id in place of `{CHECKOUT_SESSION_ID}`) and a link back to `cancel_url`.
 */
import type { Db } from '../../../../functions/_lib/platform/db.ts';
import { readLimited, type Handler } from '../../../../functions/_lib/platform/http.ts';
import { escapeHtml } from '../../../../src/lib/html.ts';
import { completeCheckout } from '../completion.ts';
import { CHECKOUT_PREFIX } from '../paths.ts';
import { loadSession, type SessionState } from '../resources/checkout-sessions.ts';
import { periodText } from '../prices.ts';
import { checkCard, SUCCESS_CARD, type CardInput, type RejectedCard } from './card.ts';
import { formatMoney } from '../../../../src/lib/money.ts';
import { htmlPage, originOf, seeOther } from './html.ts';

/** Where Pay sends the customer: `success_url` with the session id substituted. */
export function successLocation(session: SessionState['session']): string | null {
  return session.success_url ? session.success_url.replaceAll('{CHECKOUT_SESSION_ID}', session.id) : null;
}

function defaultExpiry(now: Date): string {
  return `12 / ${String((now.getUTCFullYear() + 5) % 100).padStart(2, '0')}`;
}

interface FormState {
  values: CardInput;
  errors: RejectedCard['errors'];
  declined: string | null;
}

function field(name: keyof CardInput, label: string, state: FormState, attributes: string): string {
  const error = state.errors[name];
  const describedBy = error ? ` aria-invalid="true" aria-describedby="${name}-error"` : '';
  return `<label for="${name}">${label}</label>
<input id="${name}" name="${name}" value="${escapeHtml(state.values[name] ?? '')}" required ${attributes}${describedBy}>
${error ? `<p class="field-error" id="${name}-error">${escapeHtml(error)}</p>` : ''}`;
}

/** The session's `custom_text.submit` message (a booking's visit), shown under the summary. */
function submitMessage(session: SessionState['session']): string {
  const message = (session['custom_text'] as { submit?: { message?: string } | null } | null)?.submit?.message;
  return message ? `<p class="note">${escapeHtml(message)}</p>` : '';
}

/** The page body for an open session. */
export function renderCheckout(state: SessionState, businessName: string, form: FormState): string {
  const { session, lineItems } = state;
  const recurring = lineItems.find((item) => item.price.recurring)?.price.recurring;
  const total = formatMoney(session.amount_total, session.currency);
  const per = recurring ? ` <span>${periodText(recurring)}</span>` : '';
  const title =
    session.mode === 'subscription' ? `Subscribe to ${lineItems[0]?.productName ?? 'a plan'}` : `Pay ${businessName}`;
  const lines = lineItems
    .map((item) => {
      const unit = formatMoney(item.price.unit_amount, item.price.currency);
      const interval = item.price.recurring ? ` ${periodText(item.price.recurring)}` : '';
      // Stripe shows the product's description under its name (a booking's options: "Premium filter").
      const description = item.productDescription
        ? `<br><span class="muted">${escapeHtml(item.productDescription)}</span>`
        : '';
      return `<li><span>${escapeHtml(item.productName)}${item.quantity > 1 ? ` × ${item.quantity}` : ''}${description}<br><span class="muted">${unit}${interval} each</span></span><span>${formatMoney(item.amount, item.price.currency)}${interval}</span></li>`;
    })
    .join('\n');
  const knownEmail =
    session.customer_email ?? (session['customer_details'] as { email?: string } | null)?.email ?? null;
  const problems = Object.values(form.errors);
  const alert = form.declined
    ? `<div class="alert" role="alert"><p><strong>${escapeHtml(form.declined)}</strong> Try another card.</p></div>`
    : problems.length > 0
      ? `<div class="alert" role="alert"><p><strong>Check your card details:</strong></p><ul>${problems.map((p) => `<li>${escapeHtml(p ?? '')}</li>`).join('')}</ul></div>`
      : '';
  const email = session.customer
    ? ''
    : knownEmail
      ? `<p class="muted">Receipt to ${escapeHtml(knownEmail)}</p>`
      : field('email', 'Email', form, 'type="email" autocomplete="email"');
  return `<div class="layout">
<section aria-labelledby="summary-heading">
<p class="merchant">${escapeHtml(businessName)}</p>
<h1 id="summary-heading">${escapeHtml(title)}</h1>
<p class="amount">${total}${per}</p>
<h2>Order summary</h2>
<ul class="lines">
${lines}
</ul>
<dl><dt>Total due today</dt><dd>${total}</dd></dl>
${submitMessage(session)}
</section>
<section aria-labelledby="pay-heading">
<h2 id="pay-heading">Pay with card</h2>
<p class="muted">Test cards: 4242 4242 4242 4242 succeeds; 4000 0000 0000 0002 is declined. Use any future expiry date and any 3-digit CVC.</p>
${alert}
<form method="post" action="${CHECKOUT_PREFIX}/${escapeHtml(session.id)}/pay">
${email}
${field('number', 'Card number', form, 'inputmode="numeric" autocomplete="cc-number"')}
<div class="row">
<div>${field('expiry', 'Expiry (MM / YY)', form, 'inputmode="numeric" autocomplete="cc-exp" placeholder="MM / YY"')}</div>
<div>${field('cvc', 'CVC', form, 'inputmode="numeric" autocomplete="cc-csc" maxlength="4"')}</div>
</div>
${field('name', 'Name on card', form, 'autocomplete="cc-name"')}
<button type="submit" class="primary">${session.mode === 'subscription' ? 'Subscribe' : 'Pay'} ${total}</button>
</form>
${session.cancel_url ? `<p><a href="${escapeHtml(session.cancel_url)}">Cancel and return to ${escapeHtml(businessName)}</a></p>` : ''}
</section>
</div>`;
}

function closedPage(state: SessionState, businessName: string): Response {
  const { session } = state;
  if (session.status === 'complete') {
    const next = successLocation(session);
    return htmlPage(
      200,
      'Payment complete',
      `<section class="stack"><h1>Payment complete</h1><p>This checkout has already been paid. Thank you!</p>${next ? `<p><a href="${escapeHtml(next)}">Continue to ${escapeHtml(businessName)}</a></p>` : ''}</section>`,
    );
  }
  return htmlPage(
    410,
    'Checkout expired',
    `<section class="stack"><h1>This checkout has expired</h1><p>Nothing was charged. Start again from the site.</p>${session.cancel_url ? `<p><a href="${escapeHtml(session.cancel_url)}">Return to ${escapeHtml(businessName)}</a></p>` : ''}</section>`,
  );
}

const notFound = () =>
  htmlPage(
    404,
    'Checkout not found',
    '<section class="stack"><h1>Checkout not found</h1><p>This payment link is not valid.</p></section>',
  );

/** Handles GET `/_stripe/checkout/:id` and POST `/_stripe/checkout/:id/pay`. */
export function createCheckoutPages(options: {
  db: Db;
  businessName: string;
  onCommit: () => void;
  now: () => number;
}): Handler {
  const { db, businessName, onCommit } = options;
  return async (req) => {
    const path = new URL(req.url).pathname.slice(CHECKOUT_PREFIX.length);
    const match = /^\/(cs_test_[A-Za-z0-9]+)(\/pay)?$/.exec(path);
    if (!match?.[1]) return notFound();
    const id = match[1];
    const paying = Boolean(match[2]);
    if (paying ? req.method !== 'POST' : req.method !== 'GET' && req.method !== 'HEAD') {
      return new Response('Method not allowed', { status: 405, headers: { Allow: paying ? 'POST' : 'GET, HEAD' } });
    }
    const now = new Date(options.now());
    const seconds = Math.floor(now.getTime() / 1000);
    // Reading a session past its expiry expires it, and that event must be delivered.
    const state = await db.transaction((tx) => loadSession(tx, id, seconds));
    onCommit();
    if (!state) return notFound();
    const targets = [originOf(state.session.success_url)];
    if (state.session.status !== 'open') {
      if (paying && state.session.status === 'complete') {
        const next = successLocation(state.session);
        if (next) return seeOther(next);
      }
      return closedPage(state, businessName);
    }
    const title = `${state.session.mode === 'subscription' ? 'Subscribe' : 'Pay'}: ${businessName}`;
    if (!paying) {
      const form: FormState = {
        values: { number: SUCCESS_CARD, expiry: defaultExpiry(now), cvc: '123', name: '', email: '' },
        errors: {},
        declined: null,
      };
      return htmlPage(200, title, renderCheckout(state, businessName, form), targets);
    }

    let body: URLSearchParams;
    try {
      body = new URLSearchParams(await readLimited(req, 16 * 1024));
    } catch {
      return htmlPage(413, 'Form too large', '<section><h1>The form was too large</h1></section>');
    }
    const values: CardInput = {
      number: body.get('number') ?? '',
      expiry: body.get('expiry') ?? '',
      cvc: body.get('cvc') ?? '',
      name: body.get('name') ?? '',
      email: body.get('email') ?? '',
    };
    const emailRequired = !state.session.customer && !state.session.customer_email;
    const card = checkCard(values, now, emailRequired);
    if (!card.ok) {
      const form: FormState = { values: { ...values, cvc: '' }, errors: card.errors, declined: card.declined };
      return htmlPage(
        card.declined ? 402 : 400,
        `Check your details: ${title}`,
        renderCheckout(state, businessName, form),
        targets,
      );
    }
    const completed = await db.transaction(async (tx) => {
      const locked = await loadSession(tx, id, seconds, true);
      if (!locked || locked.session.status !== 'open') return locked?.session ?? null;
      const payer = {
        email: emailRequired ? (values.email ?? '').trim() : state.session.customer_email,
        name: values.name.trim(),
      };
      return completeCheckout(tx, locked, card, payer, seconds);
    });
    onCommit();
    if (!completed) return notFound();
    // Expired while the card form was open (a newer checkout replaced it): nothing was charged.
    if (completed.status !== 'complete') return closedPage({ ...state, session: completed }, businessName);
    const next = successLocation(completed);
    return next ? seeOther(next) : closedPage({ ...state, session: completed }, businessName);
  };
}
