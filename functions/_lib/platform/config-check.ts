/**
 * Which mode the site runs in and whether its configuration is complete, from the environment.
 *
 * The embedded default needs nothing. Production starts as soon as any variable that replaces a
 * local stand-in is set (the hosted auth server, the database, the card provider): from then on
 * every production variable is required, so a half-configured deployment stops with one line per
 * missing or malformed variable instead of quietly running the emulators. README "Environment
 * variables" lists the same variables; a test keeps the two in step.
 */

import { VISITS_PER_WINDOW_LIMITS } from '../../../src/features/visits/capacity.ts';
import { PLAN_PRICES, priceVariable } from '../../../src/features/plans/prices.ts';

/** The embedded default (everything local) or production (hosted services). */
export type RuntimeMode = 'embedded' | 'production';

/** Who may see a variable's value. */
export type Visibility = 'public' | 'secret' | 'server setting';

/** One environment variable the product reads. */
export interface VariableSpec {
  name: string;
  visibility: Visibility;
  /** In production: required, optional, or not read at all. */
  production: 'required' | 'optional' | 'ignored';
  /** Whether setting it switches the site to production (it replaces a local stand-in). */
  selectsProduction: boolean;
  /** What to set, for the "is missing" line. */
  hint: string;
  /** A required variable that may be left out when this one is set (a webhook, when OWNER_EMAIL is). */
  unlessSet?: string;
  /** Why a set value is unusable, or null when it is fine. */
  check?: (value: string, mode: RuntimeMode) => string | null;
}

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * A problem with `value` as an http(s) URL. Production wants HTTPS (plain HTTP only on this
 * machine, for tests against local stand-ins); `origin` refuses any path, query or fragment.
 */
function urlProblem(value: string, mode: RuntimeMode, { origin = false } = {}): string | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'is not a URL';
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return `must be an https:// URL, not ${url.protocol}`;
  if (mode === 'production' && url.protocol === 'http:' && !LOOPBACK.has(url.hostname)) {
    return 'must use https:// in production';
  }
  if (origin && (url.pathname !== '/' || url.search || url.hash)) {
    return `must be just the origin (${url.origin}), without a path`;
  }
  return null;
}

/** The claims of a JWT-shaped value, or null when it is not one. */
function jwtClaims(value: string): Record<string, unknown> | null {
  const parts = value.split('.');
  if (parts.length !== 3 || !parts[1]) return null;
  try {
    const claims: unknown = JSON.parse(Buffer.from(parts[1], 'base64url').toString('utf8'));
    return typeof claims === 'object' && claims !== null ? (claims as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

function anonKeyProblem(value: string): string | null {
  if (value.startsWith('sb_secret_')) {
    return 'is a secret key (sb_secret_...): use the publishable key, because this value is built into every page';
  }
  if (value.startsWith('sb_publishable_')) return null;
  const claims = jwtClaims(value);
  if (!claims) return "must be the project's anon key (eyJ...) or publishable key (sb_publishable_...)";
  if (claims['role'] === 'service_role') {
    return 'is the service_role key: use the anon key, because this value is built into every page';
  }
  return claims['role'] === 'anon' ? null : `is a token for role "${String(claims['role'])}", not the anon key`;
}

/**
 * The service key `npm run owner` calls the admin API with: the legacy `service_role` key (a JWT)
 * or a secret key (`sb_secret_...`), never the key the pages carry.
 */
function serviceRoleKeyProblem(value: string): string | null {
  if (value.startsWith('sb_secret_')) return null;
  if (value.startsWith('sb_publishable_')) {
    return 'is a publishable key (sb_publishable_...): use a secret key (sb_secret_...) or the service_role key';
  }
  const claims = jwtClaims(value);
  if (!claims) return "must be the project's service_role key (eyJ...) or a secret key (sb_secret_...)";
  if (claims['role'] === 'service_role') return null;
  return claims['role'] === 'anon'
    ? 'is the anon key: use the service_role key (or a secret key, sb_secret_...)'
    : `is a token for role "${String(claims['role'])}", not the service_role key`;
}

function databaseUrlProblem(value: string): string | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'is not a connection string (percent-encode special characters in the password)';
  }
  if (url.protocol !== 'postgres:' && url.protocol !== 'postgresql:') {
    return `must be a postgres:// or postgresql:// connection string, not ${url.protocol}`;
  }
  // A raw # in a password starts a fragment and cuts the host off: the URL parses, wrongly.
  if (url.hash) return 'contains a raw # (percent-encode special characters in the password: # is %23, @ is %40)';
  return url.hostname ? null : 'has no host';
}

function stripeKeyProblem(value: string): string | null {
  if (/^pk_(live|test)_/.test(value)) return 'is a publishable key (pk_...): use the secret key (sk_live_...)';
  return /^(sk|rk)_(live|test)_\w+$/.test(value) ? null : 'must be a secret key starting with sk_live_ or sk_test_';
}

function priceIdProblem(value: string): string | null {
  if (value.startsWith('prod_')) return 'is a product id (prod_...): use the id of one of its prices (price_...)';
  return /^price_\w+$/.test(value) ? null : 'must be a price id starting with price_';
}

/**
 * The dashboard price of each plan and period (STRIPE_PRICE_LITE_MONTHLY ... STRIPE_PRICE_FULL_ANNUAL,
 * functions/_lib/plans/prices.ts); production's start checks each one set against the site's price.
 */
const PLAN_PRICE_VARIABLES: readonly VariableSpec[] = PLAN_PRICES.map((which) => ({
  name: priceVariable(which),
  visibility: 'server setting',
  production: 'optional',
  selectsProduction: false,
  hint: '',
  check: priceIdProblem,
}));

function integerProblem(value: string, min: number, max: number): string | null {
  if (!/^\d+$/.test(value)) return `must be a whole number from ${min} to ${max}`;
  const n = Number(value);
  return n >= min && n <= max ? null : `must be a whole number from ${min} to ${max}`;
}

function smtpUrlProblem(value: string): string | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'is not a URL (percent-encode special characters in the password)';
  }
  if (url.protocol !== 'smtp:' && url.protocol !== 'smtps:') {
    return `must be an smtp:// or smtps:// URL, not ${url.protocol}`;
  }
  return url.hostname ? null : 'has no host';
}

function mailFromProblem(value: string): string | null {
  return /^(?:"?[^"<>]*"?\s*<[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+>|[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+)$/.test(value)
    ? null
    : 'must be an e-mail address, optionally with a name: "Name" <address@example.com>';
}

/** REVIEW_URL: a link customers open from an e-mail, so https:// in every mode (docs/product/emails.md#review-requests). */
function reviewUrlProblem(value: string): string | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'must be an https:// link, e.g. https://g.page/r/.../review';
  }
  return url.protocol === 'https:' && url.hostname !== ''
    ? null
    : 'must be an https:// link, e.g. https://g.page/r/.../review';
}

function ownerEmailProblem(value: string): string | null {
  const addresses = value.split(',').map((address) => address.trim());
  const bad = addresses.find((address) => !/^[^\s@<>,"]+@[^\s@<>,"]+\.[^\s@<>,"]+$/.test(address));
  if (bad === undefined) return null;
  return bad === ''
    ? 'has an empty address: separate addresses with single commas'
    : `has "${bad.slice(0, 60)}", which is not an e-mail address: use plain addresses separated by commas`;
}

/** Every variable the server, the functions and the build read, in the README's order. */
export const VARIABLES: readonly VariableSpec[] = [
  {
    name: 'SITE_URL',
    visibility: 'public',
    production: 'required',
    selectsProduction: false,
    hint: 'the public address of the site, e.g. https://www.example.com',
    check: (value, mode) => urlProblem(value, mode, { origin: true }),
  },
  {
    name: 'PORT',
    visibility: 'server setting',
    production: 'optional',
    selectsProduction: false,
    hint: 'the port to listen on',
    check: (value) => integerProblem(value, 1, 65_535),
  },
  { name: 'HOST', visibility: 'server setting', production: 'optional', selectsProduction: false, hint: '' },
  { name: 'DATA_DIR', visibility: 'server setting', production: 'ignored', selectsProduction: false, hint: '' },
  {
    name: 'DATABASE_URL',
    visibility: 'secret',
    production: 'required',
    selectsProduction: true,
    hint: 'the Postgres connection string (Supabase: Project Settings > Database > Connection string)',
    check: databaseUrlProblem,
  },
  {
    name: 'PUBLIC_SUPABASE_URL',
    visibility: 'public',
    production: 'required',
    selectsProduction: true,
    hint: 'the Supabase project URL, e.g. https://abcdefghijkl.supabase.co',
    check: (value, mode) => urlProblem(value, mode, { origin: true }),
  },
  {
    name: 'PUBLIC_SUPABASE_ANON_KEY',
    visibility: 'public',
    production: 'required',
    selectsProduction: true,
    hint: "the project's anon (publishable) key, from Project Settings > API Keys",
    check: anonKeyProblem,
  },
  {
    name: 'SUPABASE_URL',
    visibility: 'server setting',
    production: 'optional',
    selectsProduction: true,
    hint: '',
    check: (value, mode) => urlProblem(value, mode, { origin: true }),
  },
  {
    // Read only by `npm run owner` (scripts/owner.ts), never by the server: optional everywhere.
    name: 'SUPABASE_SERVICE_ROLE_KEY',
    visibility: 'secret',
    production: 'optional',
    selectsProduction: false,
    hint: "the project's service_role key, or a secret key, from Project Settings > API Keys",
    check: serviceRoleKeyProblem,
  },
  {
    name: 'AUTH_RATE_LIMITS',
    visibility: 'server setting',
    production: 'ignored',
    selectsProduction: false,
    hint: '',
    check: (value) => (value === 'on' || value === 'off' ? null : 'must be on or off'),
  },
  {
    name: 'STRIPE_SECRET_KEY',
    visibility: 'secret',
    production: 'required',
    selectsProduction: true,
    hint: 'the secret API key from the Stripe dashboard (Developers > API keys), sk_live_...',
    check: stripeKeyProblem,
  },
  {
    name: 'STRIPE_WEBHOOK_SECRET',
    visibility: 'secret',
    production: 'required',
    selectsProduction: true,
    hint: "the signing secret of the site's webhook endpoint in the Stripe dashboard, whsec_...",
    check: (value) => (/^whsec_\S+$/.test(value) ? null : 'must be a webhook signing secret starting with whsec_'),
  },
  {
    name: 'STRIPE_API_URL',
    visibility: 'server setting',
    production: 'optional',
    selectsProduction: false,
    hint: '',
    check: (value, mode) => urlProblem(value, mode, { origin: true }),
  },
  ...PLAN_PRICE_VARIABLES,
  {
    name: 'CONTACT_WEBHOOK_URL',
    visibility: 'secret',
    production: 'required',
    selectsProduction: false,
    hint: "the automation tool's webhook for contact-form leads (or set OWNER_EMAIL to have the owner's alerts by e-mail instead)",
    unlessSet: 'OWNER_EMAIL',
    check: (value, mode) => urlProblem(value, mode),
  },
  {
    name: 'LEAD_WEBHOOK_URL',
    visibility: 'secret',
    production: 'required',
    selectsProduction: false,
    hint: "the automation tool's webhook for guide-download and plan-request leads (or set OWNER_EMAIL to have the owner's alerts by e-mail instead)",
    unlessSet: 'OWNER_EMAIL',
    check: (value, mode) => urlProblem(value, mode),
  },
  {
    name: 'ORDER_WEBHOOK_URL',
    visibility: 'secret',
    production: 'required',
    selectsProduction: false,
    hint: "the automation tool's webhook for paid bookings, plan changes and refunds (or set OWNER_EMAIL to have the owner's alerts by e-mail instead)",
    unlessSet: 'OWNER_EMAIL',
    check: (value, mode) => urlProblem(value, mode),
  },
  {
    name: 'OWNER_EMAIL',
    visibility: 'server setting',
    production: 'optional',
    selectsProduction: false,
    hint: '',
    check: ownerEmailProblem,
  },
  {
    name: 'REVIEW_URL',
    visibility: 'server setting',
    production: 'optional',
    selectsProduction: false,
    hint: '',
    check: reviewUrlProblem,
  },
  {
    name: 'SMTP_URL',
    visibility: 'secret',
    production: 'required',
    selectsProduction: false,
    hint: "the mail provider's SMTP address with its credentials, e.g. smtps://user:password@smtp.example.com:465",
    check: smtpUrlProblem,
  },
  {
    name: 'MAIL_FROM',
    visibility: 'server setting',
    production: 'required',
    selectsProduction: false,
    hint: 'the sender of customer e-mails, e.g. "Springfield Home Maintenance" <help@example.com>',
    check: mailFromProblem,
  },
  {
    // Signs the visits' e-mail links (docs/product/visits.md#changing-a-visit); the embedded default keeps its own in the data dir.
    name: 'VISIT_LINK_SECRET',
    visibility: 'secret',
    production: 'required',
    selectsProduction: false,
    hint: 'a random secret of at least 32 characters that signs the visit links in e-mails, e.g. the output of `openssl rand -hex 32`',
    check: (value) => (value.length >= 32 ? null : 'must be at least 32 characters (e.g. `openssl rand -hex 32`)'),
  },
  // Texts (docs/product/texts.md#texts-in-production-and-in-the-embedded-default): all of them or
  // none (texts off); checkConfig names what a partial set lacks.
  {
    name: 'TWILIO_ACCOUNT_SID',
    visibility: 'server setting',
    production: 'optional',
    selectsProduction: false,
    hint: "the Twilio account's SID (AC...), from the Twilio console",
    check: (value) =>
      /^AC[0-9a-f]{32}$/i.test(value) ? null : 'must be the account SID: AC followed by 32 hex digits',
  },
  {
    name: 'TWILIO_AUTH_TOKEN',
    visibility: 'secret',
    production: 'optional',
    selectsProduction: false,
    hint: "the Twilio account's auth token, from the Twilio console",
  },
  {
    name: 'TWILIO_FROM',
    visibility: 'server setting',
    production: 'optional',
    selectsProduction: false,
    hint: "the site's Twilio number in E.164, e.g. +14175550142",
    check: (value) =>
      /^\+[1-9][0-9]{6,14}$/.test(value) ? null : 'must be a phone number in E.164, e.g. +14175550142',
  },
  {
    name: 'TWILIO_MESSAGING_SERVICE_SID',
    visibility: 'server setting',
    production: 'optional',
    selectsProduction: false,
    hint: 'the Twilio Messaging Service SID (MG...)',
    check: (value) =>
      /^MG[0-9a-f]{32}$/i.test(value) ? null : 'must be a Messaging Service SID: MG followed by 32 hex digits',
  },
  {
    name: 'LEAD_RATE_LIMIT',
    visibility: 'server setting',
    production: 'optional',
    selectsProduction: false,
    hint: '',
    check: (value) => integerProblem(value, 0, 10_000),
  },
  {
    name: 'VISITS_PER_WINDOW',
    visibility: 'server setting',
    production: 'optional',
    selectsProduction: false,
    hint: '',
    check: (value) => integerProblem(value, VISITS_PER_WINDOW_LIMITS.min, VISITS_PER_WINDOW_LIMITS.max),
  },
];

/**
 * The variables that are set, exactly as the process holds them: every reader (the functions, the
 * server, the build) uses the raw value, so a value with stray whitespace is refused below rather
 * than trimmed here. An empty or blank value counts as unset.
 */
function setValues(env: Readonly<Record<string, string | undefined>>): Map<string, string> {
  const values = new Map<string, string>();
  for (const { name } of VARIABLES) {
    const value = env[name];
    if (value?.trim()) values.set(name, value);
  }
  return values;
}

/**
 * Why a value cannot be used as it is written: a line break or other control character anywhere,
 * a space or tab at either end, or an invisible character anywhere. A pasted secret often carries one (a trailing space in
 * STRIPE_WEBHOOK_SECRET fails every real webhook: customers are charged and nothing is recorded),
 * and a URL or key never contains one.
 */
export function whitespaceProblem(value: string): string | null {
  if (/[\r\n]/.test(value)) return 'contains a line break: set it on one line';
  if (value !== value.trim()) return 'has a space or tab at its start or end: remove it';
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
  if (/[\u0000-\u001f\u007f]/.test(value)) return 'contains a control character (a tab?): remove it';
  const invisible = [...value].find(isInvisible);
  if (invisible) {
    const code = `U+${(invisible.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`;
    return `contains an invisible character (${code}) that a copy and paste brought along: type the value again`;
  }
  return null;
}

/**
 * Characters nothing shows, as [first, last] code points: no-break and other odd spaces, the
 * soft hyphen, zero-width spaces and joiners, direction marks and embeddings, word joiners,
 * variation selectors, the byte-order mark. A secret pasted from a chat or a document can carry
 * one in its middle, where the trim above never sees it.
 */
const INVISIBLE: readonly (readonly [number, number])[] = [
  [0x00a0, 0x00a0],
  [0x00ad, 0x00ad],
  [0x034f, 0x034f],
  [0x061c, 0x061c],
  [0x115f, 0x1160],
  [0x17b4, 0x17b5],
  [0x180e, 0x180e],
  [0x2000, 0x200f],
  [0x2028, 0x202f],
  [0x205f, 0x206f],
  [0x3000, 0x3000],
  [0x3164, 0x3164],
  [0xfe00, 0xfe0f],
  [0xfeff, 0xfeff],
  [0xffa0, 0xffa0],
];

function isInvisible(char: string): boolean {
  const code = char.codePointAt(0) ?? 0;
  return INVISIBLE.some(([first, last]) => code >= first && code <= last);
}

/** The result of checking an environment. */
export interface ConfigReport {
  mode: RuntimeMode;
  /** The set variables that selected production (empty in the embedded default). */
  selectedBy: string[];
  /** One line per missing or malformed variable; empty when the configuration is usable. */
  problems: string[];
}

/**
 * Checks an environment: which mode it selects and what is missing or malformed for that mode.
 * `forced` checks for that mode whatever the variables select (Netlify has no embedded default).
 */
export function checkConfig(env: Readonly<Record<string, string | undefined>>, forced?: RuntimeMode): ConfigReport {
  const values = setValues(env);
  const selectedBy = VARIABLES.filter((v) => v.selectsProduction && values.has(v.name)).map((v) => v.name);
  const mode: RuntimeMode = forced ?? (selectedBy.length > 0 ? 'production' : 'embedded');
  const problems: string[] = [];
  for (const spec of VARIABLES) {
    const value = values.get(spec.name);
    if (value === undefined) {
      const excused = spec.unlessSet !== undefined && values.has(spec.unlessSet);
      if (mode === 'production' && spec.production === 'required' && !excused)
        problems.push(`${spec.name} is missing: ${spec.hint}`);
      continue;
    }
    if (mode === 'production' && spec.production === 'ignored') continue;
    const problem = valueProblem(spec, value, mode);
    if (problem) problems.push(`${spec.name} ${problem}`);
  }
  if (mode === 'production') problems.push(...twilioProblems(values));
  return { mode, selectedBy, problems };
}

const TWILIO_SENDERS = ['TWILIO_FROM', 'TWILIO_MESSAGING_SERVICE_SID'] as const;
const TWILIO_VARIABLES = ['TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN', ...TWILIO_SENDERS] as const;

/** The start's line when no Twilio variable is set (docs/product/texts.md#texts-in-production-and-in-the-embedded-default). */
export const TEXTS_OFF_LINE =
  'Texts are off: TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM (or TWILIO_MESSAGING_SERVICE_SID) are not set.';

/** Whether no Twilio variable is set: texts are off. */
export function textsOff(env: Readonly<Record<string, string | undefined>>): boolean {
  const values = setValues(env);
  return TWILIO_VARIABLES.every((name) => !values.has(name));
}

/** What a partial Twilio set lacks: all of it or none (texts off). */
function twilioProblems(values: Map<string, string>): string[] {
  if (TWILIO_VARIABLES.every((name) => !values.has(name))) return [];
  const why =
    'texts need TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM or TWILIO_MESSAGING_SERVICE_SID (or none of them: texts off)';
  const missing: string[] = (['TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN'] as const).filter((name) => !values.has(name));
  if (TWILIO_SENDERS.every((name) => !values.has(name))) missing.push('TWILIO_FROM (or TWILIO_MESSAGING_SERVICE_SID)');
  return missing.map((name) => `${name} is missing: ${why}`);
}

/** The first problem of a set value: stray whitespace, then the variable's own check. */
function valueProblem(spec: VariableSpec, value: string, mode: RuntimeMode): string | null {
  return whitespaceProblem(value) ?? spec.check?.(value, mode) ?? null;
}

/**
 * The problems of just these variables' set values in `mode` (a command that reads a few of them,
 * like `npm run owner`); whether a missing one matters is the caller's to say.
 */
export function variableProblems(
  env: Readonly<Record<string, string | undefined>>,
  names: readonly string[],
  mode: RuntimeMode,
): string[] {
  const values = setValues(env);
  return VARIABLES.flatMap((spec) => {
    const value = values.get(spec.name);
    if (!names.includes(spec.name) || value === undefined) return [];
    const problem = valueProblem(spec, value, mode);
    return problem ? [`${spec.name} ${problem}`] : [];
  });
}

/** The automation webhooks, in the order the feed line names them. */
const WEBHOOK_VARIABLES = ['CONTACT_WEBHOOK_URL', 'LEAD_WEBHOOK_URL', 'ORDER_WEBHOOK_URL'] as const;

/**
 * The start's line saying how the owner hears of leads and events (docs/product/operations.md#production):
 * by e-mail to OWNER_EMAIL, by the automation webhooks, both, or neither.
 */
export function ownerFeedLine(env: Readonly<Record<string, string | undefined>>): string {
  const values = setValues(env);
  const owner = values.get('OWNER_EMAIL');
  const email = owner
    ? `e-mail to ${owner
        .split(',')
        .map((a) => a.trim())
        .join(', ')} (OWNER_EMAIL)`
    : 'no e-mail (OWNER_EMAIL unset)';
  const on = WEBHOOK_VARIABLES.filter((name) => values.has(name));
  const off = WEBHOOK_VARIABLES.filter((name) => !values.has(name));
  const webhooks =
    on.length === 0
      ? `webhooks off (${off.join(', ')} unset)`
      : `webhooks on (${on.join(', ')})${off.length ? `; ${off.join(', ')} unset` : ''}`;
  return `Owner alerts: ${email}; ${webhooks}.`;
}

/** The text to print when a configuration is unusable: a headline, then one line per problem. */
export function describeProblems(report: ConfigReport): string {
  const selected = report.selectedBy.join(', ');
  const headline =
    report.mode === 'embedded'
      ? 'The configuration has errors:'
      : report.selectedBy.length > 0
        ? `Production configuration is incomplete. ${selected} ${report.selectedBy.length === 1 ? 'is' : 'are'} set, so every production variable is required:`
        : 'Production configuration is incomplete:';
  return [
    headline,
    ...report.problems.map((p) => `  - ${p}`),
    'See "Environment variables" in README.md and docs/deploy.md.',
  ].join('\n');
}

/** The variables the build bakes into the pages (canonical links, the browser's auth server). */
export const BUILD_VARIABLES = ['SITE_URL', 'PUBLIC_SUPABASE_URL', 'PUBLIC_SUPABASE_ANON_KEY'] as const;

/** The values of the build variables a build was made with (null when unset). */
export type BuildConfig = Record<(typeof BUILD_VARIABLES)[number], string | null>;

/** The build variables of an environment, as the build records them next to the pages. */
export function buildConfigOf(env: Readonly<Record<string, string | undefined>>): BuildConfig {
  const values = setValues(env);
  return {
    SITE_URL: values.get('SITE_URL') ?? null,
    PUBLIC_SUPABASE_URL: values.get('PUBLIC_SUPABASE_URL') ?? null,
    PUBLIC_SUPABASE_ANON_KEY: values.get('PUBLIC_SUPABASE_ANON_KEY') ?? null,
  };
}

/**
 * Checks the variables a build needs: with the hosted auth server named, its key and the site's
 * address are required too (the pages would otherwise send visitors to the wrong place).
 */
export function checkBuildConfig(env: Readonly<Record<string, string | undefined>>): ConfigReport {
  const values = setValues(env);
  const selectedBy = ['PUBLIC_SUPABASE_URL', 'PUBLIC_SUPABASE_ANON_KEY'].filter((name) => values.has(name));
  const mode: RuntimeMode = selectedBy.length > 0 ? 'production' : 'embedded';
  const problems: string[] = [];
  for (const spec of VARIABLES.filter((v) => (BUILD_VARIABLES as readonly string[]).includes(v.name))) {
    const value = values.get(spec.name);
    if (value === undefined) {
      if (mode === 'production') problems.push(`${spec.name} is missing: ${spec.hint}`);
      continue;
    }
    const problem = valueProblem(spec, value, mode);
    if (problem) problems.push(`${spec.name} ${problem}`);
  }
  return { mode, selectedBy, problems };
}

/**
 * How the pages in dist/ differ from what this process serves: a build made for another auth
 * server, key or address sends visitors' sign-ins and links to the wrong place. In the embedded
 * default only the auth server matters (SITE_URL may differ between a build and a local run).
 */
export function buildMismatches(
  built: BuildConfig,
  env: Readonly<Record<string, string | undefined>>,
  mode: RuntimeMode,
): string[] {
  const running = buildConfigOf(env);
  const names =
    mode === 'production' ? BUILD_VARIABLES : (['PUBLIC_SUPABASE_URL', 'PUBLIC_SUPABASE_ANON_KEY'] as const);
  const shown = (name: string, value: string | null) =>
    value === null ? 'unset' : name === 'PUBLIC_SUPABASE_ANON_KEY' ? `${value.slice(0, 12)}...` : value;
  return names
    .filter((name) => built[name] !== running[name])
    .map(
      (name) =>
        `${name}: the pages were built with ${shown(name, built[name])}, but this process has ${shown(name, running[name])}`,
    );
}
