/** `/v1/billing_portal/sessions`: a short-lived link to a customer's hosted billing portal. */
import type { ApiCall } from '../call.ts';
import { missingParam, noSuch } from '../errors.ts';
import { newId } from '../ids.ts';
import { optionalString, optionalUrl, rejectUnknown } from '../params.ts';
import { PORTAL_PREFIX } from '../paths.ts';
import { load, save, type StripeObject } from '../store.ts';

/** How long a portal link works. Stripe keeps it short; an hour suits a developer's tab. */
export const PORTAL_SESSION_SECONDS = 60 * 60;

/** POST /v1/billing_portal/sessions */
export async function createPortalSession({ db, params, now, origin }: ApiCall): Promise<StripeObject> {
  rejectUnknown(params, ['customer', 'return_url', 'configuration', 'locale', 'expand']);
  const customer = optionalString(params['customer'], 'customer', 255);
  if (!customer) throw missingParam('customer');
  if (!(await load(db, 'customer', customer))) throw noSuch('customer', customer, 'customer', 400);
  const id = newId('bps');
  const session: StripeObject = {
    id,
    object: 'billing_portal.session',
    configuration: 'bpc_emulatordefault00000000',
    created: now,
    customer,
    customer_account: null,
    flow: null,
    livemode: false,
    locale: optionalString(params['locale'], 'locale', 10) ?? null,
    on_behalf_of: null,
    return_url: optionalUrl(params['return_url'], 'return_url') ?? null,
    url: `${origin}${PORTAL_PREFIX}/${id}`,
  };
  await save(db, session, { expiresAt: now + PORTAL_SESSION_SECONDS });
  return session;
}
