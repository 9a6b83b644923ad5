/**
 * What the /account screen needs besides the auth store (docs/product.md#account-page): how it
 * writes dates, the session identifier it shows, and opening the card provider's billing portal
 * (docs/product.md#billing-portal).
 */

/** The session identifier is shown cut to 20 characters (docs/product.md#account-page). */
export const SESSION_ID_LENGTH = 20;

/** A date as the account page writes it ("March 4, 2025"), or 'Not yet' when there is none. */
export function accountDate(iso: string | null | undefined): string {
  return iso
    ? new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' })
    : 'Not yet';
}

/** The `session_id` claim of an access token (never the token itself). */
export function sessionIdOf(accessToken: string | undefined): string {
  try {
    const payload = JSON.parse(
      atob((accessToken ?? '').split('.')[1]?.replace(/-/g, '+').replace(/_/g, '/') ?? ''),
    ) as {
      session_id?: unknown;
    };
    return typeof payload.session_id === 'string' ? payload.session_id : '';
  } catch {
    return '';
  }
}

/** The billing portal refused: the function's message, and its status (401: the session has ended). */
export class BillingPortalError extends Error {
  readonly status: number;

  constructor(message: string, status: number) {
    super(message);
    this.name = 'BillingPortalError';
    this.status = status;
  }
}

/** Opens the billing portal in a new tab; throws a BillingPortalError with the function's message when it cannot. */
export async function openBillingPortal(accessToken: string): Promise<void> {
  const res = await fetch('/api/customer-portal', {
    method: 'POST',
    headers: { Authorization: `Bearer ${accessToken}` },
  });
  const body = (await res.json()) as { url?: string; error?: string };
  if (!res.ok || !body.url) throw new BillingPortalError(body.error ?? `HTTP ${res.status}`, res.status);
  window.open(body.url, '_blank', 'noopener');
}
