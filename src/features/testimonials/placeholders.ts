/**
 * What the owner has yet to replace before launch (docs/product/site.md#business-identity,
 * docs/product/blog.md#testimonials-and-examples): the example values of the details file
 * (content/business.json, src/business.ts) and the testimonials, stories and rating still marked
 * `placeholder: true`. A build with SITE_URL set refuses to finish while any is left, naming each
 * (src/integrations/production-build.ts); a production start prints the list.
 * Shared core: Node loads it from the build (src/integrations/production-build.ts) and server/, so
 * relative imports with the extension only.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { BUSINESS_FILE, businessPlaceholders, parseBusiness } from '../../business.ts';

/** One thing still to replace: its file and what it is. */
export interface Placeholder {
  readonly file: string;
  readonly what: string;
}

/** The details file under `root` (the repository), or what is wrong with it, one line per field. */
function readBusiness(root: string): ReturnType<typeof parseBusiness> {
  let data: unknown;
  try {
    data = JSON.parse(readFileSync(join(root, BUSINESS_FILE), 'utf8'));
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    return { business: null, problems: [`${BUSINESS_FILE} cannot be read as JSON: ${why}`] };
  }
  return parseBusiness(data);
}

/** What is wrong with the details file under `root`, one line per field (empty when it is usable). */
export function businessFileProblems(root: string): string[] {
  return readBusiness(root).problems;
}

/** The placeholders left under `root` (the repository); a details file with problems lists none of its own. */
export function placeholdersLeft(root: string): Placeholder[] {
  const dir = join(root, 'content/testimonials');
  const entries = readdirSync(dir)
    .filter((name) => name.endsWith('.yaml'))
    .sort()
    .flatMap((name) => {
      const data = parse(readFileSync(join(dir, name), 'utf8')) as {
        placeholder?: unknown;
        kind?: unknown;
        placement?: unknown;
      };
      if (data.placeholder !== true) return [];
      return [
        { file: `content/testimonials/${name}`, what: `example ${String(data.kind)} on ${String(data.placement)}` },
      ];
    });
  const { business } = readBusiness(root);
  const details = business ? businessPlaceholders(business).map((what) => ({ file: BUSINESS_FILE, what })) : [];
  return [...details, ...entries];
}

/** The list of what is left, under `headline`, or null when nothing is. */
function describe(left: readonly Placeholder[], headline: string): string | null {
  if (left.length === 0) return null;
  return [headline, ...left.map((p) => `  - ${p.file}: ${p.what}`)].join('\n');
}

/** The warning to print, or null when nothing is left to replace. */
export function placeholderWarning(root: string): string | null {
  const left = placeholdersLeft(root);
  return describe(
    left,
    `Warning: ${left.length} placeholder${left.length === 1 ? '' : 's'} left for the owner to replace before launch (shown on the site as examples):`,
  );
}

/**
 * Why a build for the public address (SITE_URL set) must stop, or null when it may go on: the
 * details file's problems, then every placeholder left. `allowPlaceholders` (ALLOW_PLACEHOLDERS=1,
 * for the tests' production-shaped builds) lets the placeholders through, never a broken file.
 */
export function launchRefusal(root: string, { allowPlaceholders }: { allowPlaceholders: boolean }): string | null {
  const problems = businessFileProblems(root);
  if (problems.length > 0) return [`The business details have errors:`, ...problems.map((p) => `  - ${p}`)].join('\n');
  if (allowPlaceholders) return null;
  const left = placeholdersLeft(root);
  return describe(
    left,
    [
      `A build for a public address (SITE_URL is set) cannot publish examples: ${left.length} placeholder${left.length === 1 ? '' : 's'} left to replace.`,
      'Replace each one below (README "Your business details"), or set ALLOW_PLACEHOLDERS=1 for a test build.',
    ].join('\n'),
  );
}

/** Prints the warning, if any, at a production start. */
export function warnAboutPlaceholders(root: string): void {
  const warning = placeholderWarning(root);
  if (warning) console.warn(warning);
}
