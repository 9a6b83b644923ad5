/**
 * The shared core: the modules of src/ that Node loads directly (type stripping, no bundler) from
 * functions/, server/, scripts/, bench/ and astro.config.mjs. The closure is computed from those
 * entry points, so a module that becomes shared is covered the moment something imports it.
 * Node cannot resolve the `@/` alias, an extensionless specifier, an `astro:` virtual module or
 * JSX, so none may appear anywhere in the closure.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, extname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, test } from 'vitest';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const SRC = join(ROOT, 'src');
/** Everything Node runs as is. */
const ENTRY_DIRS = ['functions', 'server', 'scripts', 'bench'];
const ENTRY_FILES = ['astro.config.mjs'];
const CODE = /\.(ts|mts|mjs|js)$/;

function* codeFiles(dir: string): Generator<string> {
  if (!existsSync(dir)) return;
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name === 'results') continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* codeFiles(path);
    else if (CODE.test(name) && !name.endsWith('.d.ts')) yield path;
  }
}

function specifiers(file: string): string[] {
  return ts.preProcessFile(readFileSync(file, 'utf8'), true, true).importedFiles.map((f) => f.fileName);
}

const rel = (file: string) => relative(ROOT, file);

/** Every src/ module reachable from the entry points, with the chain that reaches it, and each bad import. */
function sharedCore(): { modules: Map<string, string[]>; problems: string[] } {
  const modules = new Map<string, string[]>();
  const problems: string[] = [];
  const seen = new Set<string>();
  const queue: { file: string; chain: string[] }[] = [
    ...ENTRY_DIRS.flatMap((dir) => [...codeFiles(join(ROOT, dir))]),
    ...ENTRY_FILES.map((f) => join(ROOT, f)),
  ].map((file) => ({ file, chain: [rel(file)] }));

  while (queue.length > 0) {
    const { file, chain } = queue.shift()!;
    if (seen.has(file)) continue;
    seen.add(file);
    if (file.startsWith(SRC)) modules.set(rel(file), chain);
    const via = chain.length > 1 ? ` (loaded by Node via ${chain.join(' -> ')})` : '';
    if (/\.(tsx|jsx|astro)$/.test(file)) problems.push(`${rel(file)}: Node cannot load ${extname(file)} files${via}`);
    for (const spec of specifiers(file)) {
      if (spec.startsWith('@/')) {
        problems.push(`${rel(file)}: import '${spec}' uses the @/ alias, which Node cannot resolve${via}`);
      } else if (spec.startsWith('astro:')) {
        problems.push(`${rel(file)}: import '${spec}' is an Astro virtual module, which Node cannot load${via}`);
      } else if (spec.startsWith('.')) {
        const target = resolve(dirname(file), spec);
        if (!extname(spec)) {
          problems.push(`${rel(file)}: import '${spec}' has no file extension, which Node requires${via}`);
        } else if (existsSync(target)) {
          queue.push({ file: target, chain: [...chain, rel(target)] });
        }
      }
    }
  }
  return { modules, problems };
}

describe('the shared core of src/ (loaded by Node from functions/, server/, scripts/)', () => {
  const { modules, problems } = sharedCore();

  test('uses only imports Node resolves: relative, with the file extension', () => {
    expect(problems).toEqual([]);
  });

  test('the closure is found (the entry points do load src/)', () => {
    expect(modules.size).toBeGreaterThan(5);
    expect([...modules.keys()]).toContain('src/lib/validation.ts');
  });
});
