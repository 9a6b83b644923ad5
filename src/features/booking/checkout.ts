/**
 * Book & Pay's checkout (docs/product.md#starting-a-checkout): the server prices the service and its
 * visit and answers the card provider's checkout page, which opens in a new tab; an answer without
 * an address does nothing. A failure is logged and alerted with the server's reason, else the
 * generic message; a session that has ended elsewhere (a 401: this device is then signed out, see
 * features/auth/api.ts) goes to sign in and back to the card, whose draft this tab keeps.
 */
import { CHECKOUT_FAILED, openProviderPage, SignedOutError } from '@/features/auth/api';
import { signInReturningTo } from '@/features/auth/return-path';
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
