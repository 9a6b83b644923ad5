/**
 * The layers of the code (README.md#folders): who may import whom, read from the imports
 * themselves. In src/, each tier below imports only from its own group or from a lower tier; the
 * groups of one tier stand side by side and never import each other. The back end keeps browser
 * code free of server code, the functions' shared library free of the endpoints and the host, and
 * the embedded stand-ins free of the host. No import cycle anywhere, file by file.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, test } from 'vitest';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));

/**
 * src/ from the bottom up. A group is a folder or file (several, space-separated, for one group);
 * `features/x` stands for `src/features/x`.
 */
const SRC_TIERS: readonly (readonly string[])[] = [
  // The business's details and the small helpers every layer uses.
  ['src/site.ts src/business.ts src/lib'],
  // Building blocks shared by pages: sections, icons, cards.
  ['src/components'],
  // Foundations: the session and the one API client; toasts; the filter facts; testimonials; the
  // guides' list; the preview images' drawing (the pages hand it the illustrations).
  [
    'features/auth',
    'features/toast',
    'features/filters',
    'features/testimonials',
    'features/guides',
    'features/social-cards',
  ],
  // Leads, the blog's parts, and the article tools that stand on the filter facts alone.
  [
    'features/leads',
    'features/blog',
    'features/diy-quiz',
    'features/five-year-costs',
    'features/schedule-calculator',
    'features/filter-finder',
  ],
  // The service area (it offers the contact form), and the tools built on the ones below.
  ['features/service-area', 'features/change-guide', 'features/diy-vs-pro', 'features/reminder'],
  // Extras: the catalogue, pricing from it and tips (docs/product/extras.md), below the visits' owner API that charges them.
  ['features/extras'],
  // Visits: statuses, capacity, closed days and route order, shared by the booking card, the desk and the functions.
  ['features/visits'],
  // Texts: their words, quiet hours and the consent box's wording, above the visits they are about.
  ['features/texts'],
  // Commerce above the session: one-off bookings and the plans, side by side; the printable guides.
  ['features/booking', 'features/plans', 'features/guide-pdfs'],
  // What combines them: the account, the owner's pages, the e-mails, and the pages' sections.
  [
    'features/account',
    'features/owner',
    'features/mail',
    'features/services',
    'features/hidden-costs',
    'features/home',
  ],
  // The page shell: header, footer, article layout.
  ['src/layouts'],
  // Routes, the content collections, and the build's integrations.
  ['src/pages', 'src/content.config.ts', 'src/integrations'],
];

/**
 * functions/_lib/ from the bottom up: the platform (http, database, configuration, clock, payments
 * client, mail, outboxes, the schedule runner), then one folder per domain, each importing only
 * from the platform and the domains below it; the list of scheduled jobs on top, the one file that
 * may reach them all.
 */
const LIB_TIERS: readonly string[] = [
  'platform',
  // The owner's feed: leads and owner events, their relay, the owner's alerts.
  'leads',
  // Visits as records: the only SQL that writes them, the one transition, capacity, links, the desk's reads.
  'visits',
  // Plans: prices, status, visit details, the plan's visits.
  'plans',
  // Texts: consent, the texts outbox and its sender (docs/product/texts.md).
  'texts',
  // What customers and the owner are told: order and visit notices, reminders, the morning list.
  'notices',
  // Money: orders, the card provider's events, refunds, second-plan settlements.
  'payments',
  // The owner's actions on visits (the customer's own changes reuse them).
  'owner',
  // The customer's own changes by link or account.
  'account',
  'jobs.ts',
];

/** The flat files functions/_lib/ may keep beside its folders. */
const LIB_FLAT_FILES = ['jobs.ts'];

/** Every import inside functions/_lib/ that reaches a folder above its own, in words. */
function libViolations(tiers: readonly string[], edges: readonly Edge[]): string[] {
  const LIB = 'functions/_lib/';
  const tierOf = (file: string) => tiers.indexOf(file.slice(LIB.length).split('/')[0] ?? '');
  const problems: string[] = [];
  for (const { from, to } of edges) {
    if (!from.startsWith(LIB) || !to.startsWith(LIB)) continue;
    const [a, b] = [tierOf(from), tierOf(to)];
    if (a === -1 || b === -1) problems.push(`${from} or ${to} is in no tier of functions/_lib/`);
    else if (b > a) problems.push(`${from} imports ${to}, which is above it`);
  }
  return problems;
}

/** What the back end may import, beyond its own folder: prefixes of the files it may reach. */
const BACK_END: readonly { from: string; may: readonly string[]; why: string }[] = [
  { from: 'functions/_lib/', may: ['src/'], why: 'the functions share src/ logic, never an endpoint or the host' },
  { from: 'functions/', may: ['functions/_lib/', 'src/'], why: 'an endpoint reaches its library and src/ logic' },
  {
    from: 'server/embedded/',
    may: ['functions/_lib/', 'src/'],
    why: 'the embedded stand-ins sit beside the functions, below the host that starts them',
  },
  {
    from: 'server/',
    may: ['server/embedded/', 'functions/', 'src/'],
    why: 'the host mounts the functions and starts the embedded stand-ins',
  },
];

/**
 * Build-time code in src/ that reads the server's configuration rules, and the business details
 * that read the owner's file (data, no code: docs/product/site.md#business-identity).
 */
const SRC_MAY_REACH_BACK_END: readonly { from: string; to: string }[] = [
  { from: 'src/site.ts', to: 'content/business.json' },
  // The catalogue of extras: content, read by the desk and the server alike (docs/product/extras.md#the-catalogue).
  { from: 'src/features/extras/extras.ts', to: 'content/extras.json' },
  { from: 'src/integrations/', to: 'functions/_lib/platform/config-check.ts' },
  { from: 'src/integrations/', to: 'functions/_lib/platform/config.ts' },
];

const CODE = /\.(ts|tsx|mts|mjs|astro)$/;
const CANDIDATES = ['', '.ts', '.tsx', '.astro', '.mjs', '.js', '/index.ts'];

function* codeFiles(dir: string): Generator<string> {
  if (!existsSync(dir)) return;
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* codeFiles(path);
    else if (CODE.test(name) && !name.endsWith('.d.ts')) yield path;
  }
}

/** The code of a file as TypeScript sees it: an .astro file's frontmatter and its scripts. */
function codeOf(file: string): string {
  const text = readFileSync(file, 'utf8');
  if (!file.endsWith('.astro')) return text;
  const frontmatter = /^---\r?\n([\s\S]*?)\r?\n---/.exec(text)?.[1] ?? '';
  const scripts = [...text.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1] ?? '');
  return [frontmatter, ...scripts].join('\n');
}

/** A repo-relative path for an import of `file`, or null for a package. */
function resolveImport(file: string, spec: string): string | null {
  let base: string;
  if (spec.startsWith('@/')) base = join(ROOT, 'src', spec.slice(2));
  else if (spec.startsWith('.')) base = resolve(dirname(file), spec);
  else return null;
  for (const ext of CANDIDATES) {
    const path = base + ext;
    if (existsSync(path) && statSync(path).isFile()) return relative(ROOT, path);
  }
  throw new Error(`${relative(ROOT, file)}: import '${spec}' names no file`);
}

/** One import: from a file to a file, both repo-relative. */
interface Edge {
  from: string;
  to: string;
}

function importsOf(dirs: readonly string[]): Edge[] {
  return dirs.flatMap((dir) =>
    [...codeFiles(join(ROOT, dir))].flatMap((file) =>
      ts
        .preProcessFile(codeOf(file), true, true)
        .importedFiles.map((f) => resolveImport(file, f.fileName))
        .filter((to): to is string => to !== null)
        .map((to) => ({ from: relative(ROOT, file), to })),
    ),
  );
}

/** The group of a src/ file and its tier, from a table like SRC_TIERS; null when no group holds it. */
function placeOf(tiers: readonly (readonly string[])[], file: string): { group: string; tier: number } | null {
  let best: { group: string; tier: number; length: number } | null = null;
  tiers.forEach((groups, tier) => {
    for (const group of groups) {
      for (const prefix of group.split(' ').map((p) => p.replace(/^features\//, 'src/features/'))) {
        const holds = file === prefix || file.startsWith(`${prefix}/`);
        if (holds && (!best || prefix.length > best.length)) best = { group, tier, length: prefix.length };
      }
    }
  });
  return best && { group: (best as { group: string }).group, tier: (best as { tier: number }).tier };
}

/** Every src/ import that reaches a group of its own tier or a higher one, in words. */
function layerViolations(tiers: readonly (readonly string[])[], edges: readonly Edge[]): string[] {
  const problems: string[] = [];
  for (const { from, to } of edges) {
    if (!from.startsWith('src/') || !to.startsWith('src/')) continue;
    const a = placeOf(tiers, from);
    const b = placeOf(tiers, to);
    if (!a || !b || a.group === b.group || b.tier < a.tier) continue;
    const how = b.tier === a.tier ? 'beside it (same tier)' : 'above it';
    problems.push(`${from} (${a.group}) imports ${to} (${b.group}), which is ${how}`);
  }
  return problems;
}

/** The import cycles among `edges`: each strongly connected set of two or more files, or a file importing itself. */
function importCycles(edges: readonly Edge[]): string[][] {
  const next = new Map<string, string[]>();
  for (const { from, to } of edges) next.set(from, [...(next.get(from) ?? []), to]);
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  let counter = 0;
  const visit = (node: string): void => {
    index.set(node, counter);
    low.set(node, counter);
    counter += 1;
    stack.push(node);
    onStack.add(node);
    for (const to of next.get(node) ?? []) {
      if (!index.has(to)) {
        visit(to);
        low.set(node, Math.min(low.get(node)!, low.get(to)!));
      } else if (onStack.has(to)) low.set(node, Math.min(low.get(node)!, index.get(to)!));
    }
    if (low.get(node) !== index.get(node)) return;
    const set: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      set.push(member);
    } while (member !== node);
    if (set.length > 1 || (next.get(node) ?? []).includes(node)) cycles.push(set.sort());
  };
  for (const node of next.keys()) if (!index.has(node)) visit(node);
  return cycles;
}

/** Every back-end import that leaves what its folder may reach, in words. */
function backEndViolations(edges: readonly Edge[]): string[] {
  const problems: string[] = [];
  for (const { from, to } of edges) {
    if (from.startsWith('src/')) {
      const allowed = SRC_MAY_REACH_BACK_END.some((rule) => from.startsWith(rule.from) && to === rule.to);
      if (!to.startsWith('src/') && !allowed) problems.push(`${from} is browser code and imports ${to}`);
      continue;
    }
    const rule = BACK_END.find((r) => from.startsWith(r.from));
    if (!rule || to.startsWith(rule.from) || rule.may.some((prefix) => to.startsWith(prefix))) continue;
    problems.push(`${from} imports ${to}: ${rule.why}`);
  }
  return problems;
}

describe('the layers of the code', () => {
  const src = importsOf(['src']);
  const all = [...src, ...importsOf(['functions', 'server', 'scripts'])];

  test('every folder of src/ has its place in a tier, and every place in the table exists', () => {
    const unplaced = [...codeFiles(join(ROOT, 'src'))]
      .map((file) => relative(ROOT, file))
      .filter((file) => !placeOf(SRC_TIERS, file));
    expect(unplaced).toEqual([]);
    const missing = SRC_TIERS.flat()
      .flatMap((group) => group.split(' '))
      .map((prefix) => prefix.replace(/^features\//, 'src/features/'))
      .filter((prefix) => !existsSync(join(ROOT, prefix)));
    expect(missing).toEqual([]);
  });

  test('in src/, a module imports only from its own group or a lower tier', () => {
    expect(layerViolations(SRC_TIERS, src)).toEqual([]);
  });

  test('browser code never imports the server, and the back end keeps to its folders', () => {
    expect(backEndViolations(all)).toEqual([]);
  });

  test('functions/_lib/ is the platform and one folder per domain, each importing only downward', () => {
    const entries = readdirSync(join(ROOT, 'functions/_lib'));
    expect(entries.filter((name) => !statSync(join(ROOT, 'functions/_lib', name)).isDirectory())).toEqual(
      LIB_FLAT_FILES,
    );
    expect([...entries].sort()).toEqual([...LIB_TIERS].sort());
    expect(libViolations(LIB_TIERS, all)).toEqual([]);
  });

  test('no import cycle in src/, functions/, server/ or scripts/', () => {
    expect(importCycles(all)).toEqual([]);
  });

  test('the imports are read (the table is checked against something)', () => {
    expect(src.length).toBeGreaterThan(300);
    expect(src).toContainEqual({ from: 'src/features/account/AccountPanel.tsx', to: 'src/features/auth/store.ts' });
    expect(all).toContainEqual({ from: 'functions/_lib/platform/http.ts', to: 'functions/_lib/platform/config.ts' });
    expect(all).toContainEqual({
      from: 'functions/_lib/owner/visit-actions.ts',
      to: 'functions/_lib/visits/transition.ts',
    });
  });
});

describe('the checks catch what they are for', () => {
  const TIERS = [['src/lib'], ['features/auth'], ['features/booking', 'features/plans'], ['features/account']];

  test('an upward import, and one between groups side by side', () => {
    expect(
      layerViolations(TIERS, [
        { from: 'src/features/auth/store.ts', to: 'src/features/plans/plans.ts' },
        { from: 'src/features/booking/checkout.ts', to: 'src/features/plans/plans.ts' },
        { from: 'src/features/account/AccountPanel.tsx', to: 'src/features/auth/store.ts' },
        { from: 'src/features/plans/plans.ts', to: 'src/features/plans/prices.ts' },
      ]),
    ).toEqual([
      'src/features/auth/store.ts (features/auth) imports src/features/plans/plans.ts (features/plans), which is above it',
      'src/features/booking/checkout.ts (features/booking) imports src/features/plans/plans.ts (features/plans), which is beside it (same tier)',
    ]);
  });

  test('a cycle of three files, and none in a chain', () => {
    expect(
      importCycles([
        { from: 'a.ts', to: 'b.ts' },
        { from: 'b.ts', to: 'c.ts' },
        { from: 'c.ts', to: 'a.ts' },
        { from: 'c.ts', to: 'd.ts' },
      ]),
    ).toEqual([['a.ts', 'b.ts', 'c.ts']]);
    expect(importCycles([{ from: 'a.ts', to: 'b.ts' }])).toEqual([]);
  });

  test('the platform reaching a domain, and a domain reaching one above it', () => {
    expect(
      libViolations(LIB_TIERS, [
        { from: 'functions/_lib/platform/outbox.ts', to: 'functions/_lib/leads/leads.ts' },
        { from: 'functions/_lib/visits/transition.ts', to: 'functions/_lib/notices/visit-facts.ts' },
        { from: 'functions/_lib/owner/visit-actions.ts', to: 'functions/_lib/visits/transition.ts' },
        { from: 'functions/_lib/jobs.ts', to: 'functions/_lib/notices/morning-list.ts' },
        { from: 'functions/_lib/stray.ts', to: 'functions/_lib/platform/db.ts' },
      ]),
    ).toEqual([
      'functions/_lib/platform/outbox.ts imports functions/_lib/leads/leads.ts, which is above it',
      'functions/_lib/visits/transition.ts imports functions/_lib/notices/visit-facts.ts, which is above it',
      'functions/_lib/stray.ts or functions/_lib/platform/db.ts is in no tier of functions/_lib/',
    ]);
  });

  test('browser code reaching the server, and the functions reaching the host', () => {
    expect(
      backEndViolations([
        { from: 'src/features/booking/checkout.ts', to: 'functions/_lib/platform/db.ts' },
        { from: 'functions/_lib/platform/db.ts', to: 'server/embedded/data-dir.ts' },
        { from: 'server/embedded/index.ts', to: 'server/site.ts' },
        { from: 'server/site.ts', to: 'server/embedded/index.ts' },
      ]),
    ).toHaveLength(3);
  });
});
