/**
 * Paying a Checkout Session on the hosted page: the customer (found or created), the card as a
 * payment method, then for subscriptions the subscription and its paid first invoice, for a
 * payment with `invoice_creation` enabled its paid post-purchase invoice (with its hosted page),
 * the session marked complete and paid, and the events Stripe sends for all of it, in one transaction.
 */
import type { Db } from '../../../functions/_lib/platform/db.ts';
import { buildInvoice, buildSubscription, currentPeriodEnd, periodLine } from './billing.ts';
import { savePayment } from './charges.ts';
import { recordEvent } from './events.ts';
import type { AcceptedCard } from './hosted/card.ts';
import { originOf } from './hosted/html.ts';
import { newId } from './ids.ts';
import { INVOICE_PREFIX } from './paths.ts';
import { customerObject, type CardOnFile } from './resources/customers.ts';
import type { InvoiceData, SessionState } from './resources/checkout-sessions.ts';
import { load, save, type StripeObject } from './store.ts';

async function customerFor(
  db: Db,
  state: SessionState,
  payer: { email: string | null; name: string },
  now: number,
): Promise<StripeObject | null> {
  const { session } = state;
  if (session.customer) {
    const existing = await load(db, 'customer', session.customer, true);
    if (existing) return existing.data;
  }
  // A post-purchase invoice needs a customer, so `if_required` makes one then (as Stripe does).
  const invoicing = (session['invoice_creation'] as { enabled?: boolean } | null)?.enabled === true;
  if (session.mode === 'payment' && session['customer_creation'] !== 'always' && !invoicing) return null;
  const customer = customerObject({ id: newId('cus'), created: now, email: payer.email, name: payer.name });
  await save(db, customer);
  return customer;
}

/** Completes an open session paid with `card`; returns the completed session. */
export async function completeCheckout(
  db: Db,
  state: SessionState,
  card: AcceptedCard,
  payer: { email: string | null; name: string },
  now: number,
): Promise<SessionState['session']> {
  const customer = await customerFor(db, state, payer, now);
  const paymentMethod: CardOnFile = {
    id: newId('pm'),
    brand: card.brand,
    last4: card.last4,
    expMonth: card.expMonth,
    expYear: card.expYear,
  };
  const email = payer.email ?? (typeof customer?.['email'] === 'string' ? customer['email'] : null);
  const events: { type: 'customer.subscription.created' | 'invoice.paid'; object: StripeObject }[] = [];
  let subscriptionId: string | null = null;
  let invoiceId: string | null = null;
  const paymentIntent = newId('pi');
  let charged = state.session.amount_total;

  if (customer) {
    const settings = customer['invoice_settings'] as Record<string, unknown>;
    const updated: StripeObject = {
      ...customer,
      invoice_settings: { ...settings, default_payment_method: paymentMethod.id },
    };
    if (state.session.mode === 'subscription') {
      const subscription = buildSubscription({
        customer: customer.id,
        lines: state.lineItems,
        metadata: state.subscriptionMetadata,
        now,
        paymentMethod: paymentMethod.id,
      });
      const sequence = Number(customer['next_invoice_sequence'] ?? 1);
      const periodEnd = currentPeriodEnd(subscription) ?? now;
      const items = subscription.items.data;
      const invoice = buildInvoice({
        subscription,
        lines: state.lineItems.map((line) =>
          periodLine(line, items.find((i) => i.price.id === line.price.id)?.id ?? null, {
            start: now,
            end: line.price.recurring ? periodEnd : now,
          }),
        ),
        // Checkout charges the first invoice in full: a credit balance waits for renewals.
        customer: { id: customer.id, email, name: payer.name, balance: 0 },
        reason: 'subscription_create',
        now,
        number: `${String(customer['invoice_prefix'])}-${String(sequence).padStart(4, '0')}`,
        paymentIntent,
      });
      charged = invoice.amount_due;
      subscription['latest_invoice'] = invoice.id;
      updated['next_invoice_sequence'] = sequence + 1;
      await save(db, subscription, {
        productName: state.lineItems.find((l) => l.price.recurring)?.productName ?? null,
      });
      await save(db, invoice);
      subscriptionId = subscription.id;
      invoiceId = invoice.id;
      events.push(
        { type: 'customer.subscription.created', object: subscription },
        { type: 'invoice.paid', object: invoice },
      );
    }
    const invoicing = state.session['invoice_creation'] as { enabled: boolean; invoice_data: InvoiceData } | null;
    if (state.session.mode === 'payment' && invoicing?.enabled) {
      const sequence = Number(updated['next_invoice_sequence'] ?? 1);
      const id = newId('in');
      const origin = originOf(typeof state.session['url'] === 'string' ? state.session['url'] : null);
      const invoice = buildInvoice({
        id,
        subscription: null,
        lines: state.lineItems.map((line) => periodLine(line, null, { start: now, end: now })),
        // Checkout charges the session's total: a credit balance is not applied to it.
        customer: { id: customer.id, email, name: payer.name, balance: 0 },
        reason: 'manual',
        now,
        number: `${String(customer['invoice_prefix'])}-${String(sequence).padStart(4, '0')}`,
        paymentIntent,
        hostedUrl: origin ? `${origin}${INVOICE_PREFIX}/${id}` : null,
        data: invoicing.invoice_data,
      });
      updated['next_invoice_sequence'] = sequence + 1;
      await save(db, invoice);
      invoiceId = invoice.id;
      events.push({ type: 'invoice.paid', object: invoice });
    }
    await save(db, updated, { card: paymentMethod });
  }
  await savePayment(db, {
    id: paymentIntent,
    amount: charged,
    currency: state.session.currency,
    customer: customer?.id ?? null,
    paymentMethod: paymentMethod.id,
    now,
    description: state.session.mode === 'subscription' ? 'Subscription creation' : null,
    metadata: state.session.mode === 'payment' ? state.paymentIntentMetadata : {},
    card: paymentMethod,
    payer: { email, name: payer.name },
  });

  const session: SessionState['session'] = {
    ...state.session,
    status: 'complete',
    payment_status: 'paid',
    customer: customer?.id ?? null,
    customer_details: {
      address: null,
      business_name: null,
      email,
      individual_name: null,
      name: payer.name,
      phone: null,
      tax_exempt: 'none',
      tax_ids: [],
    },
    invoice: invoiceId,
    payment_intent: state.session.mode === 'payment' ? paymentIntent : null,
    subscription: subscriptionId,
    url: null,
  };
  await save(db, session);
  for (const event of events) await recordEvent(db, event.type, event.object, { created: now });
  await recordEvent(db, 'checkout.session.completed', session, { created: now });
  return session;
}
