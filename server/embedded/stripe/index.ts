/**
 * The embedded default's Stripe: the API subset the functions call (reached by the real SDK through
 * its host/port/protocol options), the hosted checkout and billing-portal pages, and signed webhook
 * deliveries, all on the site's own server with state in the shared database.
 */
import { fileURLToPath } from 'node:url';
import type { Db } from '../../../functions/_lib/platform/db.ts';
import type { Handler, Route } from '../../../functions/_lib/platform/http.ts';
import { PLAN_TERMS } from '../../../src/features/plans/plans.ts';
import { SITE } from '../../../src/site.ts';
import { migrateEmulatorSchema } from '../schema.ts';
import { createApiHandler } from './api.ts';
import { createCheckoutPages } from './hosted/checkout-page.ts';
import { htmlPage } from './hosted/html.ts';
import { createPortalPages } from './hosted/portal-page.ts';
import { createInvoicePages } from './hosted/invoice-page.ts';
import { pruneKeys, releaseAbandonedClaims } from './idempotency.ts';
import { advanceSubscription, dueObjects, retryInvoice } from './ledger.ts';
import { ensureDefaultConfiguration } from './resources/billing-portal.ts';
import { loadSession } from './resources/checkout-sessions.ts';
import { API_PREFIX, CHECKOUT_PREFIX, INVOICE_PREFIX, PORTAL_PREFIX } from './paths.ts';
import { DEFAULT_RETRY, startDeliverer, type RetryPolicy } from './webhooks.ts';

export { API_PREFIX, CHECKOUT_PREFIX, INVOICE_PREFIX, PORTAL_PREFIX } from './paths.ts';
export type { RetryPolicy } from './webhooks.ts';

/** How the emulator is set up by the server wiring (and by tests). */
export interface StripeEmulatorOptions {
  /** The shared database; the emulator keeps its state in schema `emulator_stripe`. */
  db: Db;
  /** Where events are POSTed: the site's `/api/stripe-webhook`, absolute. */
  webhookUrl: string;
  /** The endpoint's signing secret (`whsec_...`), the same value as STRIPE_WEBHOOK_SECRET. */
  webhookSecret: string;
  /** The only secret key the API accepts; when unset any test-mode key (`sk_test_...`) is. */
  apiKey?: string;
  /** Origin of the hosted pages in `session.url` (e.g. `http://localhost:4321`); default: the API call's. */
  publicUrl?: string;
  /** The business name the hosted pages show; default SITE.name. */
  businessName?: string;
  /** Retries of failed webhook deliveries; default 8 attempts, 1 s doubling to at most 5 min. */
  retry?: RetryPolicy;
  /** Where delivery failures and internal errors are reported; default console.warn. */
  log?: (message: string) => void;
  /** The emulator's clock in milliseconds (default Date.now); tests pass one they can move. */
  now?: () => number;
  /** How often ended periods and expired checkouts are processed; default every 30 s. */
  sweepIntervalMs?: number;
}

/** A running emulator: its routes to mount, and `stop` to call before the database closes. */
export interface StripeEmulator {
  routes: Route[];
  /**
   * Processes what the clock has made due, as Stripe's billing engine does on its own: renewals
   * and scheduled cancellations of periods that ended, retries of failed payments, and checkouts
   * past their expiry. Runs on a timer; tests call it after moving the clock.
   */
  sweep(): Promise<void>;
  /** Stops the timer and webhook delivery; an attempt in flight is abandoned and resumes at the next start. */
  stop(): Promise<void>;
}

const MIGRATIONS = fileURLToPath(new URL('./migrations', import.meta.url));

/** The cancellation policy the portal shows next to "Cancel plan" (docs/product/plans.md#cancellation-and-plan-changes). */
export const CANCELLATION_POLICY = `Cancellation needs ${PLAN_TERMS.cancellationNoticeDays} days' notice before the next visit: a canceled plan stays active until the end of the current billing period, then ends.`;

function guard(handler: Handler, log: (message: string) => void): Handler {
  return async (req, context) => {
    try {
      return await handler(req, context);
    } catch (error) {
      log(
        `Stripe emulator: ${req.method} ${new URL(req.url).pathname} failed: ${error instanceof Error ? error.stack : String(error)}`,
      );
      return htmlPage(500, 'Something went wrong', '<section><h1>Something went wrong</h1><p>Try again.</p></section>');
    }
  };
}

/** Applies the emulator's migrations, resumes pending webhook deliveries and returns its routes. */
export async function createStripeEmulator(options: StripeEmulatorOptions): Promise<StripeEmulator> {
  const { db } = options;
  const log = options.log ?? ((message: string) => console.warn(message));
  const businessName = options.businessName ?? SITE.name;
  await migrateEmulatorSchema(db, 'emulator_stripe', MIGRATIONS);
  await pruneKeys(db);
  await releaseAbandonedClaims(db);
  await ensureDefaultConfiguration(db, Math.floor((options.now ?? Date.now)() / 1000));

  const deliverer = startDeliverer({
    db,
    url: options.webhookUrl,
    secret: options.webhookSecret,
    retry: options.retry ?? DEFAULT_RETRY,
    log,
  });
  const onCommit = () => deliverer.kick();
  const now = options.now ?? Date.now;

  let sweeping: Promise<void> | null = null;
  const sweepOnce = async () => {
    const seconds = Math.floor(now() / 1000);
    const due = await dueObjects(db, seconds);
    for (const id of due.subscriptions) await db.transaction((tx) => advanceSubscription(tx, id, seconds));
    for (const id of due.invoices) await db.transaction((tx) => retryInvoice(tx, id, seconds));
    for (const id of due.sessions) await db.transaction((tx) => loadSession(tx, id, seconds, true));
    if (due.subscriptions.length + due.invoices.length + due.sessions.length > 0) onCommit();
  };
  // One sweep at a time: a timer tick while a test's sweep runs waits for it instead of racing it.
  const sweep = (): Promise<void> => {
    sweeping ??= sweepOnce().finally(() => {
      sweeping = null;
    });
    return sweeping;
  };
  const timer = setInterval(() => {
    sweep().catch((error: unknown) =>
      log(`Stripe emulator: billing sweep failed: ${error instanceof Error ? error.message : String(error)}`),
    );
  }, options.sweepIntervalMs ?? 30_000);
  timer.unref();
  await sweep();

  const routes: Route[] = [
    {
      path: API_PREFIX,
      match: 'prefix',
      handler: createApiHandler({ db, apiKey: options.apiKey, publicUrl: options.publicUrl, onCommit, now, log }),
    },
    {
      path: CHECKOUT_PREFIX,
      match: 'prefix',
      handler: guard(createCheckoutPages({ db, businessName, onCommit, now }), log),
    },
    {
      path: PORTAL_PREFIX,
      match: 'prefix',
      handler: guard(createPortalPages({ db, businessName, policy: CANCELLATION_POLICY, onCommit, now }), log),
    },
    {
      path: INVOICE_PREFIX,
      match: 'prefix',
      handler: guard(createInvoicePages({ db, businessName }), log),
    },
  ];
  return {
    routes,
    sweep,
    async stop() {
      clearInterval(timer);
      await sweeping?.catch(() => {});
      await deliverer.stop();
    },
  };
}
