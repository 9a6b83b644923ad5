/**
 * The card provider's billing portal (docs/product/accounts.md#billing-portal), where a subscriber updates
 * the card, sees invoices, changes plan or period, or cancels: 'Manage billing' on the account page
 * and 'Change plan' beside a refused second plan open it in a new tab. A visitor who is not signed
 * in goes to /auth; a 401 has signed this device out (features/auth/api.ts), and the account page
 * then goes to /auth. The API client loads when the portal is asked for.
 */
import { ApiError } from '@/lib/api';

/** What 'Manage billing' says when the portal could not be opened and the server gave no reason. */
export const BILLING_FAILED = 'Could not open billing. Please try again.';

/** Opens the billing portal in a new tab; resolves with the message to show when it cannot, or null. */
export async function openBillingPortal(): Promise<string | null> {
  const { openProviderPage, SignedOutError } = await import('@/features/auth/api');
  try {
    return (await openProviderPage('/api/customer-portal', undefined, BILLING_FAILED)) ? null : BILLING_FAILED;
  } catch (error) {
    if (error instanceof SignedOutError) {
      window.location.assign('/auth');
      return null;
    }
    console.error('Billing portal failed:', error);
    return error instanceof ApiError ? error.message : BILLING_FAILED;
  }
}
