/**
 * Conventions of src/ that keep one of each thing (CONTRIBUTING.md): the browser calls the
 * functions in one place, signed-in calls carry the token in one place, one Idempotency-Key maker,
 * and components small enough to read at a glance.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const SOURCES = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', 'src'], {
  cwd: ROOT,
  encoding: 'utf8',
})
  .split('\n')
  .filter((path) => /\.(ts|tsx|astro)$/.test(path));
const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');
/** The source files whose code (comments left out) matches `pattern`. */
const using = (pattern: RegExp) =>
  SOURCES.filter((path) => pattern.test(read(path).replace(/\/\*[\s\S]*?\*\/|^\s*\/\/.*$/gm, '')));

/** The most lines a component may have (pages are routes, not components). */
const MAX_COMPONENT_LINES = 150;

describe('one of each', () => {
  test('the browser calls the functions in one place (src/lib/api.ts)', () => {
    expect(using(/\bfetch\(/)).toEqual(['src/lib/api.ts']);
  });

  test('signed-in calls carry the access token in one place (src/features/auth/api.ts)', () => {
    expect(using(/Authorization/)).toEqual(['src/features/auth/api.ts']);
  });

  test('one maker of Idempotency-Keys', () => {
    expect(using(/randomUUID|getRandomValues/)).toEqual(['src/lib/api.ts']);
  });

  test(`no component over ${MAX_COMPONENT_LINES} lines`, () => {
    const large = SOURCES.filter((path) => /\.(tsx|astro)$/.test(path) && !path.startsWith('src/pages/'))
      .map((path) => ({ path, lines: read(path).split('\n').length - 1 }))
      .filter(({ lines }) => lines > MAX_COMPONENT_LINES);
    expect(large).toEqual([]);
  });
});
