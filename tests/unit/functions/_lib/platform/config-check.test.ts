import { describe, expect, test } from 'vitest';
import {
  buildConfigOf,
  buildMismatches,
  checkBuildConfig,
  checkConfig,
  describeProblems,
  ownerFeedLine,
  variableProblems,
  VARIABLES,
} from '../../../../../functions/_lib/platform/config-check.ts';

const jwt = (claims: object) =>
  `eyJhbGciOiJIUzI1NiJ9.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.c2lnbmF0dXJl`;

/** A complete production configuration. */
const PRODUCTION = {
  SITE_URL: 'https://www.springfieldhome.example',
  DATABASE_URL: 'postgresql://postgres.abcdefghijkl:p%40ss@aws-0-us-east-2.pooler.supabase.com:6543/postgres',
  PUBLIC_SUPABASE_URL: 'https://abcdefghijkl.supabase.co',
  PUBLIC_SUPABASE_ANON_KEY: jwt({ iss: 'supabase', ref: 'abcdefghijkl', role: 'anon' }),
  STRIPE_SECRET_KEY: 'sk_live_51Habc123',
  STRIPE_WEBHOOK_SECRET: 'whsec_abc123',
  CONTACT_WEBHOOK_URL: 'https://hooks.zapier.com/hooks/catch/1/contact/',
  LEAD_WEBHOOK_URL: 'https://hooks.zapier.com/hooks/catch/1/lead/',
  ORDER_WEBHOOK_URL: 'https://hooks.zapier.com/hooks/catch/1/order/',
  SMTP_URL: 'smtps://postmark-token:postmark-token@smtp.postmarkapp.com:465',
  MAIL_FROM: '"Springfield Home Maintenance" <help@springfieldhome.example>',
  VISIT_LINK_SECRET: 'c0ffee'.repeat(8),
};

describe('which mode an environment selects', () => {
  test('nothing set is the embedded default, and it needs nothing', () => {
    expect(checkConfig({})).toEqual({ mode: 'embedded', selectedBy: [], problems: [] });
  });

  test('local settings, webhooks and the site address keep the embedded default', () => {
    const report = checkConfig({
      PORT: '4411',
      HOST: '127.0.0.1',
      DATA_DIR: '/tmp/x',
      SITE_URL: 'http://localhost:4321',
      AUTH_RATE_LIMITS: 'off',
      LEAD_RATE_LIMIT: '0',
      CONTACT_WEBHOOK_URL: 'http://127.0.0.1:9000/hook',
    });
    expect(report).toEqual({ mode: 'embedded', selectedBy: [], problems: [] });
  });

  test.each([
    'PUBLIC_SUPABASE_URL',
    'PUBLIC_SUPABASE_ANON_KEY',
    'SUPABASE_URL',
    'DATABASE_URL',
    'STRIPE_SECRET_KEY',
    'STRIPE_WEBHOOK_SECRET',
  ] as const)('%s alone selects production and asks for everything else', (name) => {
    const value = name === 'SUPABASE_URL' ? 'https://abcdefghijkl.supabase.co' : PRODUCTION[name];
    const report = checkConfig({ [name]: value });
    expect(report.mode).toBe('production');
    expect(report.selectedBy).toEqual([name]);
    expect(report.problems.every((p) => p.includes(' is missing: '))).toBe(true);
    expect(report.problems.length).toBe(name === 'SUPABASE_URL' ? 12 : 11);
  });

  test('a complete production configuration has no problems', () => {
    expect(checkConfig(PRODUCTION).problems).toEqual([]);
    expect(
      checkConfig({ ...PRODUCTION, STRIPE_PRICE_LITE_MONTHLY: 'price_1Lite', STRIPE_PRICE_FULL_ANNUAL: 'price_1Full' })
        .problems,
    ).toEqual([]);
  });

  test('an empty or blank value counts as unset', () => {
    expect(checkConfig({ STRIPE_SECRET_KEY: '', PUBLIC_SUPABASE_URL: '  ' }).mode).toBe('embedded');
    expect(checkConfig({ ...PRODUCTION, LEAD_WEBHOOK_URL: ' ' }).problems).toEqual([
      "LEAD_WEBHOOK_URL is missing: the automation tool's webhook for guide-download and plan-request leads (or set OWNER_EMAIL to have the owner's alerts by e-mail instead)",
    ]);
  });

  test('with OWNER_EMAIL the three webhooks are optional (docs/product/operations.md#production), and the start says which feed is on', () => {
    const { CONTACT_WEBHOOK_URL: _c, LEAD_WEBHOOK_URL: _l, ORDER_WEBHOOK_URL: _o, ...withoutWebhooks } = PRODUCTION;
    expect(checkConfig(withoutWebhooks).problems.map((p) => p.split(' ')[0])).toEqual([
      'CONTACT_WEBHOOK_URL',
      'LEAD_WEBHOOK_URL',
      'ORDER_WEBHOOK_URL',
    ]);
    const byEmail = { ...withoutWebhooks, OWNER_EMAIL: 'owner@example.com, partner@example.com' };
    expect(checkConfig(byEmail).problems).toEqual([]);
    expect(ownerFeedLine(byEmail)).toBe(
      'Owner alerts: e-mail to owner@example.com, partner@example.com (OWNER_EMAIL); webhooks off (CONTACT_WEBHOOK_URL, LEAD_WEBHOOK_URL, ORDER_WEBHOOK_URL unset).',
    );
    expect(ownerFeedLine({ ...withoutWebhooks, ORDER_WEBHOOK_URL: PRODUCTION.ORDER_WEBHOOK_URL })).toBe(
      'Owner alerts: no e-mail (OWNER_EMAIL unset); webhooks on (ORDER_WEBHOOK_URL); CONTACT_WEBHOOK_URL, LEAD_WEBHOOK_URL unset.',
    );
  });

  test.each([
    ['owner@example.com,', 'OWNER_EMAIL has an empty address: separate addresses with single commas'],
    [
      'Owner <owner@example.com>',
      'OWNER_EMAIL has "Owner <owner@example.com>", which is not an e-mail address: use plain addresses separated by commas',
    ],
    ['owner', 'OWNER_EMAIL has "owner", which is not an e-mail address: use plain addresses separated by commas'],
  ])('OWNER_EMAIL %j is refused, naming the address', (value, problem) => {
    expect(checkConfig({ ...PRODUCTION, OWNER_EMAIL: value }).problems).toEqual([problem]);
  });

  test('forced production (Netlify) asks for everything even with nothing set', () => {
    const report = checkConfig({}, 'production');
    expect(report.mode).toBe('production');
    expect(report.problems).toHaveLength(12);
    expect(describeProblems(report).split('\n')[0]).toBe('Production configuration is incomplete:');
  });
});

describe('one clear line per malformed value', () => {
  test.each([
    ['SITE_URL', 'www.example.com', 'SITE_URL is not a URL'],
    ['SITE_URL', 'http://www.example.com', 'SITE_URL must use https:// in production'],
    [
      'SITE_URL',
      'https://www.example.com/shop',
      'SITE_URL must be just the origin (https://www.example.com), without a path',
    ],
    [
      'PUBLIC_SUPABASE_URL',
      'https://abcdefghijkl.supabase.co/rest/v1',
      'PUBLIC_SUPABASE_URL must be just the origin (https://abcdefghijkl.supabase.co), without a path',
    ],
    ['PUBLIC_SUPABASE_URL', 'ftp://abcdefghijkl.supabase.co', 'PUBLIC_SUPABASE_URL must be an https:// URL, not ftp:'],
    [
      'PUBLIC_SUPABASE_ANON_KEY',
      jwt({ role: 'service_role' }),
      'PUBLIC_SUPABASE_ANON_KEY is the service_role key: use the anon key, because this value is built into every page',
    ],
    [
      'PUBLIC_SUPABASE_ANON_KEY',
      'sb_secret_abc',
      'PUBLIC_SUPABASE_ANON_KEY is a secret key (sb_secret_...): use the publishable key, because this value is built into every page',
    ],
    [
      'PUBLIC_SUPABASE_ANON_KEY',
      'anon',
      "PUBLIC_SUPABASE_ANON_KEY must be the project's anon key (eyJ...) or publishable key (sb_publishable_...)",
    ],
    [
      'DATABASE_URL',
      'mysql://db.example.com/site',
      'DATABASE_URL must be a postgres:// or postgresql:// connection string, not mysql:',
    ],
    [
      'DATABASE_URL',
      'postgresql://postgres:p@ss#word@db.abc.supabase.co:5432/postgres',
      'DATABASE_URL contains a raw # (percent-encode special characters in the password: # is %23, @ is %40)',
    ],
    [
      'DATABASE_URL',
      'postgresql://postgres:secret@[db.abc.supabase.co]:5432/postgres',
      'DATABASE_URL is not a connection string (percent-encode special characters in the password)',
    ],
    [
      'STRIPE_SECRET_KEY',
      'pk_live_51Habc',
      'STRIPE_SECRET_KEY is a publishable key (pk_...): use the secret key (sk_live_...)',
    ],
    ['STRIPE_SECRET_KEY', 'sk_prod_abc', 'STRIPE_SECRET_KEY must be a secret key starting with sk_live_ or sk_test_'],
    [
      'STRIPE_WEBHOOK_SECRET',
      'we_1Habc',
      'STRIPE_WEBHOOK_SECRET must be a webhook signing secret starting with whsec_',
    ],
    ['CONTACT_WEBHOOK_URL', 'http://hooks.example.com/x', 'CONTACT_WEBHOOK_URL must use https:// in production'],
    ['ORDER_WEBHOOK_URL', 'http://hooks.example.com/x', 'ORDER_WEBHOOK_URL must use https:// in production'],
    ['SMTP_URL', 'https://smtp.example.com', 'SMTP_URL must be an smtp:// or smtps:// URL, not https:'],
    ['SMTP_URL', 'smtp.example.com:465', 'SMTP_URL must be an smtp:// or smtps:// URL, not smtp.example.com:'],
    [
      'MAIL_FROM',
      'Springfield Home',
      'MAIL_FROM must be an e-mail address, optionally with a name: "Name" <address@example.com>',
    ],
    ['VISIT_LINK_SECRET', 'short', 'VISIT_LINK_SECRET must be at least 32 characters (e.g. `openssl rand -hex 32`)'],
  ] as const)('%s=%s', (name, value, line) => {
    expect(checkConfig({ ...PRODUCTION, [name]: value }).problems).toEqual([line]);
  });

  test.each([
    [
      'STRIPE_PRICE_LITE_QUARTERLY',
      'prod_Nabc',
      'STRIPE_PRICE_LITE_QUARTERLY is a product id (prod_...): use the id of one of its prices (price_...)',
    ],
    ['STRIPE_PRICE_FULL_MONTHLY', '5900', 'STRIPE_PRICE_FULL_MONTHLY must be a price id starting with price_'],
    ['PORT', '80a', 'PORT must be a whole number from 1 to 65535'],
    ['PORT', '70000', 'PORT must be a whole number from 1 to 65535'],
    ['LEAD_RATE_LIMIT', '-1', 'LEAD_RATE_LIMIT must be a whole number from 0 to 10000'],
  ] as const)('%s=%s is refused in either mode', (name, value, line) => {
    expect(checkConfig({ ...PRODUCTION, [name]: value }).problems).toEqual([line]);
    expect(checkConfig({ [name]: value })).toMatchObject({ mode: 'embedded', problems: [line] });
  });

  test('plain HTTP is fine on this machine: local stand-ins in production tests, and the embedded default', () => {
    expect(
      checkConfig({
        ...PRODUCTION,
        PUBLIC_SUPABASE_URL: 'http://127.0.0.1:54321',
        STRIPE_API_URL: 'http://localhost:12111',
        CONTACT_WEBHOOK_URL: 'http://[::1]:9000/contact',
      }).problems,
    ).toEqual([]);
    expect(checkConfig({ SITE_URL: 'http://192.168.1.20:4321' }).problems).toEqual([]);
  });

  test.each([
    ['STRIPE_WEBHOOK_SECRET', 'whsec_abc123 ', 'has a space or tab at its start or end: remove it'],
    ['STRIPE_SECRET_KEY', ' sk_live_51Habc123', 'has a space or tab at its start or end: remove it'],
    ['SITE_URL', 'https://www.springfieldhome.example\n', 'contains a line break: set it on one line'],
    ['PUBLIC_SUPABASE_URL', 'https://abcdefghijkl.supabase.co\r\n', 'contains a line break: set it on one line'],
    ['DATABASE_URL', `${PRODUCTION.DATABASE_URL}\t`, 'has a space or tab at its start or end: remove it'],
    ['CONTACT_WEBHOOK_URL', 'https://hooks.zapier.com/a\u0000b', 'contains a control character (a tab?): remove it'],
    [
      'LEAD_WEBHOOK_URL',
      '\u00a0https://hooks.zapier.com/hooks/catch/1/lead/',
      'has a space or tab at its start or end: remove it',
    ],
  ] as const)('%s with stray whitespace (%j) is refused, naming it, never trimmed', (name, value, reason) => {
    expect(checkConfig({ ...PRODUCTION, [name]: value }).problems).toEqual([`${name} ${reason}`]);
  });

  test.each([
    ['STRIPE_WEBHOOK_SECRET', 'whsec_abc\u200b123', 'U+200B'],
    ['STRIPE_SECRET_KEY', 'sk_live_51H\ufeffabc123', 'U+FEFF'],
    ['SUPABASE_SERVICE_ROLE_KEY', 'sb_secret_abc\u00a0def', 'U+00A0'],
    ['DATABASE_URL', PRODUCTION.DATABASE_URL.replace('@', '\u2060@'), 'U+2060'],
    ['ORDER_WEBHOOK_URL', 'https://hooks.zapier.com/a\u200d/b', 'U+200D'],
  ] as const)('%s with an invisible character inside (%s) is refused, naming it', (name, value, code) => {
    expect(checkConfig({ ...PRODUCTION, [name]: value }).problems).toEqual([
      `${name} contains an invisible character (${code}) that a copy and paste brought along: type the value again`,
    ]);
  });

  test('every variable, new ones included, is held to the same rule in either mode', () => {
    for (const { name } of VARIABLES) {
      expect(checkConfig({ [name]: 'x ' }).problems, name).toContain(
        `${name} has a space or tab at its start or end: remove it`,
      );
    }
    expect(checkConfig({ PORT: '4321\n' }).problems).toEqual(['PORT contains a line break: set it on one line']);
    expect(checkBuildConfig({ SITE_URL: 'https://www.example.com ' }).problems).toEqual([
      'SITE_URL has a space or tab at its start or end: remove it',
    ]);
  });

  test('AUTH_RATE_LIMITS and DATA_DIR only matter to the embedded default', () => {
    expect(checkConfig({ AUTH_RATE_LIMITS: 'no' }).problems).toEqual(['AUTH_RATE_LIMITS must be on or off']);
    expect(checkConfig({ ...PRODUCTION, AUTH_RATE_LIMITS: 'no', DATA_DIR: '' }).problems).toEqual([]);
  });
});

describe('SUPABASE_SERVICE_ROLE_KEY, read only by npm run owner (docs/product/operations.md#owner-role)', () => {
  test('never required and never selects production: the server starts without it', () => {
    expect(checkConfig(PRODUCTION).problems).toEqual([]);
    expect(checkConfig({ SUPABASE_SERVICE_ROLE_KEY: 'sb_secret_abc' })).toEqual({
      mode: 'embedded',
      selectedBy: [],
      problems: [],
    });
  });

  test.each([jwt({ iss: 'supabase', ref: 'abcdefghijkl', role: 'service_role' }), 'sb_secret_abc123'])(
    '%s is a service key',
    (value) => {
      expect(checkConfig({ ...PRODUCTION, SUPABASE_SERVICE_ROLE_KEY: value }).problems).toEqual([]);
    },
  );

  test.each([
    [PRODUCTION.PUBLIC_SUPABASE_ANON_KEY, 'is the anon key: use the service_role key (or a secret key, sb_secret_...)'],
    [
      'sb_publishable_abc',
      'is a publishable key (sb_publishable_...): use a secret key (sb_secret_...) or the service_role key',
    ],
    [jwt({ role: 'authenticated' }), 'is a token for role "authenticated", not the service_role key'],
    ['service-role', "must be the project's service_role key (eyJ...) or a secret key (sb_secret_...)"],
  ])('%s is refused, naming the variable', (value, reason) => {
    expect(checkConfig({ ...PRODUCTION, SUPABASE_SERVICE_ROLE_KEY: value }).problems).toEqual([
      `SUPABASE_SERVICE_ROLE_KEY ${reason}`,
    ]);
  });

  test('variableProblems checks only the variables asked for', () => {
    const env = { SUPABASE_SERVICE_ROLE_KEY: 'sb_publishable_abc', STRIPE_SECRET_KEY: 'pk_test_x', PORT: 'x' };
    expect(variableProblems(env, ['SUPABASE_SERVICE_ROLE_KEY', 'SUPABASE_URL'], 'production')).toEqual([
      'SUPABASE_SERVICE_ROLE_KEY is a publishable key (sb_publishable_...): use a secret key (sb_secret_...) or the service_role key',
    ]);
    expect(variableProblems({}, ['SUPABASE_SERVICE_ROLE_KEY'], 'production')).toEqual([]);
  });
});

describe('the text printed when the server refuses to start', () => {
  test('names what selected production, then one line per problem, then where to read more', () => {
    const text = describeProblems(
      checkConfig({ STRIPE_SECRET_KEY: 'pk_test_x', DATABASE_URL: PRODUCTION.DATABASE_URL }),
    );
    const lines = text.split('\n');
    expect(lines[0]).toBe(
      'Production configuration is incomplete. DATABASE_URL, STRIPE_SECRET_KEY are set, so every production variable is required:',
    );
    expect(lines).toContain('  - STRIPE_SECRET_KEY is a publishable key (pk_...): use the secret key (sk_live_...)');
    expect(lines).toContain(
      '  - PUBLIC_SUPABASE_URL is missing: the Supabase project URL, e.g. https://abcdefghijkl.supabase.co',
    );
    expect(lines.at(-1)).toBe('See "Environment variables" in README.md and docs/deploy.md.');
    expect(lines).toHaveLength(13);
  });

  test('never prints a secret value', () => {
    const secret = 'sk_live_do_not_print_me';
    const text = describeProblems(checkConfig({ STRIPE_SECRET_KEY: secret, DATABASE_URL: 'postgres://u:hunter2@' }));
    expect(text).not.toContain(secret);
    expect(text).not.toContain('hunter2');
  });
});

describe('build variables', () => {
  test('a build for the hosted auth server needs its key and the site address', () => {
    expect(checkBuildConfig({}).problems).toEqual([]);
    expect(checkBuildConfig({ PUBLIC_SUPABASE_URL: PRODUCTION.PUBLIC_SUPABASE_URL }).problems).toEqual([
      'SITE_URL is missing: the public address of the site, e.g. https://www.example.com',
      "PUBLIC_SUPABASE_ANON_KEY is missing: the project's anon (publishable) key, from Project Settings > API Keys",
    ]);
    expect(checkBuildConfig(PRODUCTION).problems).toEqual([]);
  });

  test('pages built for another auth server or address are refused, naming both values', () => {
    const built = buildConfigOf(PRODUCTION);
    expect(buildMismatches(built, PRODUCTION, 'production')).toEqual([]);
    expect(buildMismatches(built, { ...PRODUCTION, SITE_URL: 'https://new.example.com' }, 'production')).toEqual([
      'SITE_URL: the pages were built with https://www.springfieldhome.example, but this process has https://new.example.com',
    ]);
    expect(buildMismatches(buildConfigOf({}), {}, 'embedded')).toEqual([]);
    expect(buildMismatches(built, {}, 'embedded')).toEqual([
      'PUBLIC_SUPABASE_URL: the pages were built with https://abcdefghijkl.supabase.co, but this process has unset',
      'PUBLIC_SUPABASE_ANON_KEY: the pages were built with eyJhbGciOiJI..., but this process has unset',
    ]);
    // A local run may serve a build made for another local address.
    expect(buildMismatches(buildConfigOf({ SITE_URL: 'http://localhost:4321' }), {}, 'embedded')).toEqual([]);
  });
});
