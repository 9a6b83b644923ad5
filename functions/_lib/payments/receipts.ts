/**
 * Receipts (docs/product/emails.md#receipts): a one-off checkout asks the card provider for an invoice of
 * the payment (`invoice_creation`); the booking-confirmed e-mail links its hosted page. The link is
 * read from the provider before the webhook's transaction; when that read fails, the e-mail goes
 * without it rather than not at all (the invoice stays in the billing portal).
 */
import type Stripe from 'stripe';

/** The receipt's page of a completed one-off checkout event, or null (none made, or the read failed). */
export async function receiptUrlOf(event: Stripe.Event, stripe: () => Stripe): Promise<string | null> {
  if (event.type !== 'checkout.session.completed' && event.type !== 'checkout.session.async_payment_succeeded') {
    return null;
  }
  const session = event.data.object;
  if (session.mode !== 'payment' || !session.invoice) return null;
  const id = typeof session.invoice === 'string' ? session.invoice : session.invoice.id;
  try {
    const invoice = await stripe().invoices.retrieve(id);
    return invoice.hosted_invoice_url ?? null;
  } catch (error) {
    console.warn(`Receipt of checkout ${session.id}: invoice ${id} could not be read (${String(error)})`);
    return null;
  }
}
