/**
 * `npm run serve`: checks the configuration and the build, starts the site (server/site.ts) on
 * PORT (default 4321), and shuts down cleanly on SIGINT/SIGTERM: open requests finish, the
 * background deliveries stop, then the database closes.
 *
 * A configuration that cannot work stops the process before anything starts, with exit code 1
 * and one line per missing or malformed variable: a half-configured production must never fall
 * back to the emulators.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  buildMismatches,
  checkConfig,
  describeProblems,
  ownerFeedLine,
  textsOff,
  TEXTS_OFF_LINE,
  type BuildConfig,
  type ConfigReport,
} from '../functions/_lib/platform/config-check.ts';
import { BUILD_CONFIG_FILE } from '../functions/_lib/platform/config.ts';
import { planPricesProblem } from '../functions/_lib/plans/prices.ts';
import { stripeClient } from '../functions/_lib/platform/stripe.ts';
import { warnAboutPlaceholders } from '../src/features/testimonials/placeholders.ts';
import { openDatabaseOrExit } from './embedded/data-dir.ts';
import { dataDirInUse, holdDataDir } from './embedded/data-lock.ts';
import { listenHost, listeningLine, listenProblem, probeListen, startSite } from './site.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const distDir = join(root, 'dist');

/** Prints why the site cannot start and exits with code 1. */
function refuse(message: string): never {
  console.error(message);
  process.exit(1);
}

/** The build variables recorded next to the pages, or null for a build without the record. */
function readBuildConfig(): BuildConfig | null {
  try {
    return JSON.parse(readFileSync(join(distDir, BUILD_CONFIG_FILE), 'utf8')) as BuildConfig;
  } catch {
    return null;
  }
}

/** Refuses pages that cannot serve this configuration (built for another auth server or address). */
function checkBuild(report: ConfigReport): void {
  const rebuild = 'Run `npm run build` with the same variables set, then start again (`npm start` does both).';
  const built = readBuildConfig();
  if (report.mode === 'production' && !existsSync(join(distDir, 'index.html'))) {
    refuse(`No built site in dist/. ${rebuild}`);
  }
  if (report.mode === 'production' && !built)
    refuse(`dist/ does not record the variables it was built with. ${rebuild}`);
  const mismatches = built ? buildMismatches(built, process.env, report.mode) : [];
  if (mismatches.length > 0) {
    refuse(
      ['The built site does not match this configuration:', ...mismatches.map((m) => `  - ${m}`), rebuild].join('\n'),
    );
  }
}

/** One line on what production talks to, for the operator's log (never a secret). */
function productionSummary(): string {
  const stripeKey = process.env['STRIPE_SECRET_KEY'] ?? '';
  const database = new URL(process.env['DATABASE_URL'] ?? 'postgres://unknown');
  return [
    `auth ${process.env['PUBLIC_SUPABASE_URL']}`,
    `payments Stripe ${stripeKey.includes('_live_') ? 'live' : 'test'} mode${process.env['STRIPE_API_URL'] ? ` via ${process.env['STRIPE_API_URL']}` : ''}`,
    `database ${database.hostname}:${database.port || 5432}`,
  ].join(', ');
}

/**
 * Warns when the Supabase project publishes no signing keys: it still signs sessions with the
 * legacy shared secret, which functions cannot verify, so every signed-in call would be refused.
 */
async function warnWithoutSigningKeys(): Promise<void> {
  const base = (process.env['SUPABASE_URL'] || process.env['PUBLIC_SUPABASE_URL'] || '').replace(/\/+$/, '');
  const url = `${base}/auth/v1/.well-known/jwks.json`;
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(5000) });
    const body = (await res.json()) as { keys?: unknown[] };
    if (res.ok && Array.isArray(body.keys) && body.keys.length > 0) return;
    console.warn(
      `Warning: ${url} lists no signing keys. Switch the Supabase project to asymmetric JWT signing keys ` +
        '(docs/deploy.md, step 1), or every signed-in request will be refused.',
    );
  } catch (error) {
    console.warn(`Warning: could not read ${url} (${error instanceof Error ? error.message : String(error)}).`);
  }
}

const report = checkConfig(process.env);
if (report.problems.length > 0) refuse(describeProblems(report));
// Which feed tells the owner of leads and events (docs/product/emails.md#owner-alerts): in production right
// after the check, so a deploy's log says it before anything else; locally with the other start lines.
if (report.mode === 'production') console.log(ownerFeedLine(process.env));
// Texts without the Twilio variables are off (docs/product/texts.md#texts-in-production-and-in-the-embedded-default).
if (report.mode === 'production' && textsOff(process.env)) console.log(TEXTS_OFF_LINE);
// The dashboard prices must be the ones the pages show (docs/product/plans.md#billing-periods).
const priceProblem = report.mode === 'production' ? await planPricesProblem(stripeClient) : null;
if (priceProblem) refuse(priceProblem);
checkBuild(report);

const port = Number(process.env['PORT'] || 4321);
const host = listenHost(report.mode);
// Before the database opens: a second `npm start` must not touch the first one's data.
const busy = await probeListen(port, host);
if (busy)
  refuse(listenProblem(busy, port, host) ?? `Cannot start: cannot listen on ${host}:${port} (${String(busy)}).`);
const embeddedData = process.env['DATABASE_URL'] ? null : (process.env['DATA_DIR'] ?? '.data');
if (embeddedData) {
  const inUse = dataDirInUse(embeddedData, 'Cannot start');
  if (inUse) refuse(inUse);
}
// The data dir is checked before anything else uses it: an unusable one ends the start with one line.
await openDatabaseOrExit();
let releaseData = () => {};
try {
  if (embeddedData) releaseData = holdDataDir(embeddedData, port);
} catch (error) {
  refuse(error instanceof Error ? error.message : String(error));
}
process.once('exit', () => releaseData());

const site = await startSite({
  mode: report.mode,
  root,
  port,
  host,
  authRateLimits: process.env['AUTH_RATE_LIMITS'] !== 'off',
  // The auth emulator's service key goes there for `npm run owner` (server/embedded/service-key.ts).
  dataDir: embeddedData ?? undefined,
}).catch((error: unknown) => {
  const problem = listenProblem(error, port, host);
  if (problem) refuse(problem);
  throw error;
});
console.log(`Springfield Home Maintenance is running at http://localhost:${site.port}`);
console.log(listeningLine(report.mode, host, site.port, Boolean(process.env['HOST'])));
if (report.mode !== 'production') console.log(ownerFeedLine(process.env));
if (report.mode === 'embedded') {
  console.log(`Embedded mode: local auth at /auth/v1, mailbox at http://localhost:${site.port}/_dev/mail`);
  console.log('Embedded payments: local card-provider emulator with test cards (4242 4242 4242 4242)');
  // As `stripe listen` does: a secret made for this run, for signing test events by hand.
  console.log(`Embedded payments: webhook signing secret ${process.env['STRIPE_WEBHOOK_SECRET'] ?? ''}`);
} else {
  console.log(`Production: ${productionSummary()}`);
  void warnWithoutSigningKeys();
  warnAboutPlaceholders(root);
}

let stopping = false;
function shutdown(signal: string): void {
  if (stopping) return;
  stopping = true;
  console.log(`${signal} received: finishing open requests, then stopping.`);
  site.server.close(() => {
    void site
      .stopWork()
      .finally(releaseData)
      .finally(() => process.exit(0));
  });
  site.server.closeIdleConnections();
  // Requests still open after 10 s are cut so a stuck client cannot hold the process forever.
  setTimeout(() => process.exit(1), 10_000).unref();
}
process.once('SIGINT', () => shutdown('SIGINT'));
process.once('SIGTERM', () => shutdown('SIGTERM'));
