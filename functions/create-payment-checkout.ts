/**
 * POST /api/create-payment-checkout {serviceType, options, visit}: a hosted checkout for a one-time
 * service, priced on the server by the checkout feature's pricing module (never by the browser),
 * with the visit checked (an address in the service area, a day and window we work, a phone
 * libphonenumber-js finds valid) and a pending order recorded with it, and the texts' consent when
 * the box was ticked (docs/product/texts.md#consent) -> {url}. The visit is shown on the hosted page and never read for the price.
 */
import { bookedOptions, bookingSummary } from '../src/features/booking/booking.ts';
import { PricingError, SERVICE_NAMES, servicePriceCents, type ServiceType } from '../src/features/booking/pricing.ts';
import { paymentCheckoutRequest } from '../src/features/booking/checkout-request.ts';
import { describeVisitTime, visitAddress } from '../src/features/visits/windows.ts';
import { businessToday } from '../src/lib/dates.ts';
import { serviceAreaList } from '../src/features/service-area/area-list.server.ts';
import { VISIT_CONSENT_WORDING } from '../src/features/texts/consent.ts';
import { CURRENCY } from '../src/lib/format.ts';
import { firstIssue, PHONE_MESSAGE } from '../src/lib/validation.ts';
import { requireLiveSession } from './_lib/platform/auth.ts';
import * as clock from './_lib/platform/clock.ts';
import { siteOrigin } from './_lib/platform/config.ts';
import { findOrCreateCustomerId } from './_lib/payments/customers.ts';
import { getDb } from './_lib/platform/db.ts';
import { HttpError, handler, json, readJsonObject } from './_lib/platform/http.ts';
import { orderIdOf, recordPendingOrder } from './_lib/payments/orders.ts';
import { recordVisitConsent } from './_lib/texts/consents.ts';
import { toE164 } from './_lib/texts/phone.ts';
import { textsConfigured } from './_lib/texts/queue.ts';
import { requireBookable } from './_lib/visits/capacity.ts';
import { createCheckoutSession, paymentSuccessUrl, stripeClient } from './_lib/platform/stripe.ts';

export default handler(['POST'], async (req) => {
  const user = await requireLiveSession(req);
  const parsed = paymentCheckoutRequest(serviceAreaList(), businessToday(clock.now())).safeParse(
    await readJsonObject(req),
  );
  if (!parsed.success) throw new HttpError(400, firstIssue(parsed.error));
  const requested = parsed.data.options ?? {};
  let amount: number;
  try {
    amount = servicePriceCents(parsed.data.serviceType, requested);
  } catch (error) {
    if (error instanceof PricingError) throw new HttpError(400, error.message);
    throw error;
  }
  const serviceType = parsed.data.serviceType as ServiceType;
  const options = bookedOptions(serviceType, requested);
  const summary = bookingSummary(serviceType, options);
  // The consent box is kept as a consent record, not with the order's visit (docs/product/texts.md#consent).
  const { textConsent = false, ...visit } = parsed.data.visit;
  // A number libphonenumber-js finds invalid is refused, as texts could not reach it.
  const phone = toE164(visit.phone);
  if (!phone) throw new HttpError(400, `visit.phone: ${PHONE_MESSAGE}`);
  const where = `Visit: ${visitAddress(visit)}, ${describeVisitTime(visit.date, visit.window)}. We will send you a proposed time within a day: confirm it with one tap, or call us.`;

  const db = await getDb();
  // A closed day or a full window is refused before anything is charged (docs/product/visits.md#capacity-and-closed-days).
  await requireBookable(db, visit.date, visit.window);
  const stripe = stripeClient();
  const customer = await findOrCreateCustomerId(db, stripe, user);
  const origin = siteOrigin(req);
  const session = await createCheckoutSession(
    stripe,
    {
      mode: 'payment',
      customer,
      client_reference_id: user.id,
      line_items: [
        {
          quantity: 1,
          price_data: {
            currency: CURRENCY,
            unit_amount: amount,
            product_data: { name: SERVICE_NAMES[serviceType], ...(summary ? { description: summary } : {}) },
          },
        },
      ],
      metadata: {
        user_id: user.id,
        service_type: serviceType,
        options: JSON.stringify(options),
        visit_address: visitAddress(visit).slice(0, 500),
        visit_day: visit.date,
        visit_window: visit.window,
        // The visit in its parts, so a payment whose pending order was never stored still gets it.
        visit_street: visit.street.slice(0, 500),
        visit_city: visit.city.slice(0, 500),
        visit_zip: visit.zip,
        visit_phone: visit.phone.slice(0, 500),
        visit_notes: visit.notes.slice(0, 500),
      },
      custom_text: { submit: { message: where.slice(0, 1200) } },
      payment_intent_data: { metadata: { user_id: user.id, service_type: serviceType } },
      // Every payment gets the card provider's invoice: its receipt, linked from the booking
      // e-mail and listed in the billing portal (docs/product/emails.md#receipts).
      invoice_creation: { enabled: true },
      success_url: paymentSuccessUrl(origin),
      cancel_url: `${origin}/services/${serviceType}`,
    },
    'create payment checkout',
  );

  await db.transaction(async (tx) => {
    await recordPendingOrder(tx, {
      sessionId: session.id,
      userId: user.id,
      kind: 'service',
      item: serviceType,
      options,
      amountCents: amount,
      visit,
      customer: { name: user.name, email: user.email },
    });
    const orderId = await orderIdOf(tx, session.id);
    // Recorded only while texts are on: the box is shown only then.
    if (textConsent && textsConfigured() && orderId) {
      await recordVisitConsent(tx, {
        phone,
        email: user.email,
        userId: user.id,
        orderId,
        wording: VISIT_CONSENT_WORDING,
        page: `${origin}/services/${serviceType}`,
      });
    }
  });
  return json({ url: session.url });
});

export const config = { path: '/api/create-payment-checkout' };
