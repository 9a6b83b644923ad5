/**
 * Book & Pay's checkout (docs/product/checkout.md#starting-a-checkout): the server prices the service and its
 * visit and answers the card provider's checkout page, which opens in a new tab; an answer without
 * an address does nothing. A failure is logged and alerted with the server's reason, else the
 * generic message; a session that has ended elsewhere (a 401: this device is then signed out, see
 * features/auth/api.ts) goes to sign in and back to the card, whose draft this tab keeps. The API
 * client, and the sign-in client behind it, load when Book & Pay is pressed.
 */
import { ApiError } from '@/lib/api';
import { cardAddress } from './booking-draft';
import type { BookingOptions, ServiceType } from './pricing';
import type { Visit } from './visit';

/** Starts the payment checkout of a one-time service and its visit. */
export async function startPaymentCheckout(
  serviceType: ServiceType,
  options: BookingOptions,
  visit: Visit,
): Promise<void> {
  // Loaded with the API client: the booking's shared file then never asks for the session's.
  const [{ CHECKOUT_FAILED, openProviderPage, SignedOutError }, { signInReturningTo }] = await Promise.all([
    import('@/features/auth/api'),
    import('@/features/auth/return-path'),
  ]);
  try {
    await openProviderPage('/api/create-payment-checkout', { serviceType, options, visit }, CHECKOUT_FAILED);
  } catch (error) {
    if (error instanceof SignedOutError) {
      window.location.assign('/auth');
      return;
    }
    console.error('Checkout failed:', error);
    window.alert(error instanceof ApiError ? error.message : CHECKOUT_FAILED);
    if (error instanceof ApiError && error.status === 401) {
      window.location.assign(signInReturningTo(cardAddress(window.location)));
    }
  }
}
