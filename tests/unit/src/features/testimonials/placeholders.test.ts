import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, test } from 'vitest';
import { placeholdersLeft, placeholderWarning } from '@/features/testimonials/placeholders';

const dirs: string[] = [];
function repoWith(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'placeholders-'));
  dirs.push(root);
  mkdirSync(join(root, 'content/testimonials'), { recursive: true });
  for (const [name, text] of Object.entries(files)) writeFileSync(join(root, 'content/testimonials', name), text);
  return root;
}
afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

describe('placeholders (docs/product.md#testimonials-and-examples)', () => {
  test('lists the entries still marked placeholder, and the example address', () => {
    const root = repoWith({
      'a.yaml': 'kind: testimonial\nplacement: autopilot-lite\nplaceholder: true\n',
      'b.yaml': 'kind: story\nplacement: home\nplaceholder: false\n',
    });
    expect(placeholdersLeft(root)).toEqual([
      { file: 'content/testimonials/a.yaml', what: 'testimonial on autopilot-lite' },
      { file: 'src/site.ts', what: 'address (an example street address)' },
    ]);
    expect(placeholderWarning(root)).toMatch(/^Warning: 2 placeholders left[\s\S]*content\/testimonials\/a\.yaml/);
  });

  test('the repository today still has its placeholders, so the site shows them as examples', () => {
    const root = fileURLToPath(new URL('../../../../../', import.meta.url));
    expect(placeholdersLeft(root).length).toBeGreaterThan(8);
  });
});
