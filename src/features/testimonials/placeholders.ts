/**
 * What the owner has yet to replace before launch (docs/product.md#testimonials-and-examples): the
 * testimonials, stories and rating still marked `placeholder: true`, and an example address in
 * src/site.ts. The build with SITE_URL set and a production start print the list.
 * Shared core: Node loads it from the build (src/integrations/production-build.ts) and server/, so
 * relative imports with the extension only.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { SITE } from '../../site.ts';

/** One thing still to replace: its file and what it is. */
export interface Placeholder {
  readonly file: string;
  readonly what: string;
}

/** The placeholders left under `root` (the repository). */
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
      return [{ file: `content/testimonials/${name}`, what: `${String(data.kind)} on ${String(data.placement)}` }];
    });
  const site = SITE.address.example ? [{ file: 'src/site.ts', what: 'address (an example street address)' }] : [];
  return [...entries, ...site];
}

/** The warning to print, or null when nothing is left to replace. */
export function placeholderWarning(root: string): string | null {
  const left = placeholdersLeft(root);
  if (left.length === 0) return null;
  return [
    `Warning: ${left.length} placeholder${left.length === 1 ? '' : 's'} left for the owner to replace before launch (shown on the site as examples):`,
    ...left.map((p) => `  - ${p.file}: ${p.what}`),
  ].join('\n');
}

/** Prints the warning, if any, at a production start. */
export function warnAboutPlaceholders(root: string): void {
  const warning = placeholderWarning(root);
  if (warning) console.warn(warning);
}
