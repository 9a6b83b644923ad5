/**
 * The shared script files the build puts the islands' code in (docs/product/performance.md#performance-decisions,
 * "Few script files per island"): a few named files rather than a dozen small ones, so an island
 * asks for all it needs at once. Each group names its modules: source files by their path from the
 * repository root, packages by their name (every file of the package under node_modules/), and
 * the modules Vite writes itself by their id. The patterns of rolldown's `codeSplitting.groups` are
 * built from those names; a module two groups match goes to the one with the higher priority.
 * tests/unit/src/integrations/chunks.test.ts fails when a named file, package or Vite module no
 * longer exists: update the group when you move or rename one (docs/build.md).
 * Shared core: Node loads it from astro.config.mjs, so relative imports with the extension only.
 */

/** One shared script file and the modules it takes. */
export interface ChunkGroup {
  /** The file's name in the build (`/_astro/<name>.<hash>.js`). */
  readonly name: string;
  /** Which group takes a module that several match: the highest. */
  readonly priority: number;
  /** Files, from the repository root: sources (`src/site.ts`), or single modules of a package (`node_modules/<name>/...`). */
  readonly files?: readonly string[];
  /** Installed packages, by name (`react`, `@astrojs/react`). */
  readonly packages?: readonly string[];
  /** Modules Vite writes itself, with no file on disk, by the end of their id (`vite/preload-helper.js`). */
  readonly virtual?: readonly string[];
}

/** The groups, highest priority first. */
export const CHUNK_GROUPS: readonly ChunkGroup[] = [
  // Taken first, so it holds only its own module (lib/api.ts imports nothing).
  { name: 'api', priority: 13, files: ['src/lib/api.ts'] },
  {
    name: 'base',
    priority: 12,
    packages: ['nanostores'],
    files: ['src/site.ts', 'src/lib/format.ts'],
    virtual: ['vite/preload-helper.js'],
  },
  // A visit's windows with the dates: the booking card and the owner's desk both draw them, and the
  // desk must not reach the booking's schema for them (docs/product/performance.md#performance-decisions).
  { name: 'dates', priority: 11, files: ['src/lib/dates.ts', 'src/features/visits/windows.ts'] },
  {
    name: 'prices',
    priority: 10,
    files: ['src/features/plans/plans.ts', 'src/features/plans/prices.ts', 'src/features/booking/pricing.ts'],
  },
  {
    name: 'react',
    priority: 9,
    packages: ['react', 'react-dom', 'scheduler', '@astrojs/react', '@nanostores/react'],
  },
  // What the booking card's and the plan sign-up's forms share: the schemas and the service area.
  {
    name: 'forms',
    priority: 8,
    packages: ['zod'],
    files: ['src/lib/validation.ts', 'src/features/service-area/area.ts', 'src/features/service-area/served-area.ts'],
  },
  {
    name: 'booking',
    priority: 7,
    files: [
      'src/features/booking/visit.ts',
      'src/features/booking/checkout.ts',
      'src/features/booking/booking-draft.ts',
      'src/features/booking/booking-options.ts',
    ],
  },
  {
    name: 'plans',
    priority: 6,
    files: [
      'src/features/plans/signup.ts',
      'src/features/plans/subscribe.ts',
      'src/features/plans/portal.ts',
      'src/features/plans/PlanDetailsFields.tsx',
    ],
  },
  {
    name: 'account',
    priority: 5,
    files: [
      'src/features/auth/store.ts',
      'src/features/auth/return-path.ts',
      'src/features/auth/session.ts',
      'src/features/auth/signed-in-event.ts',
      'src/features/auth/recovery.ts',
      'src/features/auth/link.ts',
      'src/features/auth/messages.ts',
      'src/layouts/header/sign-out.ts',
    ],
  },
  // The signed-in customer's calls and plan: after account, which has taken the store they read.
  { name: 'signed-in', priority: 4, files: ['src/features/auth/api.ts', 'src/features/plans/subscription.ts'] },
  {
    name: 'tools',
    priority: 3,
    files: ['src/lib/exact.ts', 'src/features/filters/catalogue.ts', 'src/features/schedule-calculator/store.ts'],
  },
  // Headless UI's small hooks the header's menu and the dialogs share, with the
  // focus helpers they import: one file, not four (docs/product/performance.md#performance-decisions, "Few
  // script files per island").
  {
    name: 'headless',
    priority: 2,
    packages: ['react-aria', 'react-stately'],
    files: [
      'node_modules/@headlessui/react/dist/utils/focus-management.js',
      'node_modules/@headlessui/react/dist/components/keyboard.js',
      'node_modules/@headlessui/react/dist/hooks/use-slot.js',
      'node_modules/@headlessui/react/dist/hooks/use-id.js',
      'node_modules/@headlessui/react/dist/hooks/use-sync-refs.js',
      'node_modules/@headlessui/react/dist/internal/hidden.js',
      'node_modules/@headlessui/react/dist/hooks/use-is-mounted.js',
      'node_modules/@headlessui/react/dist/hooks/use-active-press.js',
      'node_modules/@headlessui/react/dist/hooks/use-resolve-button-type.js',
    ],
  },
  // What the desk's Today draws with, and its later panels share: the day's list, a visit's card
  // (with its pay request's words), the owner's calls and the read states (the lowest priority: the
  // calls' token header stays in signed-in).
  {
    name: 'desk',
    priority: 1,
    files: [
      'src/features/owner/DayVisits.tsx',
      'src/features/owner/OnMyWay.tsx',
      'src/features/owner/ReadState.tsx',
      'src/features/owner/SendState.tsx',
      'src/features/owner/VisitCard.tsx',
      'src/features/owner/desk.ts',
      'src/features/owner/desk-extras.ts',
      'src/features/owner/desk-texts.ts',
      'src/features/owner/use-owner.ts',
      'src/features/owner/owner-calls.ts',
      'src/features/owner/owner-paths.ts',
      'src/features/visits/route.ts',
      'src/features/visits/status.ts',
      'src/features/texts/quiet-hours.ts',
    ],
  },
];

/** A path separator in a module id: `/`, or `\` on Windows. */
const SEP = String.raw`[\\/]`;

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const segments = (path: string) => path.split('/').map(escape).join(SEP);

/**
 * The pattern of a group's module ids: a file by its path after a separator (`…/src/site.ts`), a
 * package by any file below `node_modules/<name>/`, a Vite module by its id. Like Vite's own ids,
 * a file's may go on with a query (`?v=…`).
 */
export function chunkPattern(group: ChunkGroup): RegExp {
  return new RegExp(
    [
      ...(group.packages ?? []).map((name) => `node_modules${SEP}${segments(name)}${SEP}`),
      ...(group.files ?? []).map((path) => `${SEP}${segments(path)}`),
      ...(group.virtual ?? []).map(escape),
    ].join('|'),
  );
}

/** The groups as rolldown's `output.codeSplitting.groups` takes them. */
export function chunkGroups(groups: readonly ChunkGroup[] = CHUNK_GROUPS) {
  return groups.map((group) => ({ name: group.name, test: chunkPattern(group), priority: group.priority }));
}
