/** Where the emulator is mounted on the site's server. */

/** The API, as the SDK calls it (`/v1/...`). */
export const API_PREFIX = '/v1';
/** The hosted checkout page of a session: `${CHECKOUT_PREFIX}/<session id>`. */
export const CHECKOUT_PREFIX = '/_stripe/checkout';
/** The hosted billing portal of a portal session: `${PORTAL_PREFIX}/<portal session id>`. */
export const PORTAL_PREFIX = '/_stripe/billing';
/** The hosted page of an invoice (its `hosted_invoice_url`): `${INVOICE_PREFIX}/<invoice id>`. */
export const INVOICE_PREFIX = '/_stripe/invoice';
