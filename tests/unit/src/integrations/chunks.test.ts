/**
 * The chunk table names modules by path and package; a module moved or renamed without its entry
 * would silently leave its group (and land in some other file of the build), so every name must
 * still exist.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { CHUNK_GROUPS, chunkGroups, chunkPattern, type ChunkGroup } from '@/integrations/chunks';

const ROOT = fileURLToPath(new URL('../../../..', import.meta.url));
const TABLE = 'src/integrations/chunks.ts';

/** Each name of a kind in the table, with the group that lists it. */
const listed = (kind: 'files' | 'packages' | 'virtual') =>
  CHUNK_GROUPS.flatMap((group) => (group[kind] ?? []).map((name) => ({ group: group.name, name })));

/** The text of the installed Vite's Node code, where it names the modules it writes itself. */
function viteCode(dir = join(ROOT, 'node_modules/vite/dist/node')): string {
  return readdirSync(dir)
    .map((name) => join(dir, name))
    .map((path) =>
      statSync(path).isDirectory() ? viteCode(path) : path.endsWith('.js') ? readFileSync(path, 'utf8') : '',
    )
    .join('\n');
}

/** The group rolldown puts a module id in: the highest priority among those whose pattern matches. */
function groupOf(id: string): string | undefined {
  return chunkGroups()
    .filter((group) => group.test.test(id))
    .sort((a, b) => b.priority - a.priority)[0]?.name;
}

describe(`the chunk table (${TABLE})`, () => {
  test('every source file it lists exists', () => {
    const missing = listed('files')
      .filter(({ name }) => !existsSync(join(ROOT, name)) || !statSync(join(ROOT, name)).isFile())
      .map(({ group, name }) => `${name} (group '${group}'): no such file; update ${TABLE}`);
    expect(missing).toEqual([]);
  });

  test('every package it lists is installed', () => {
    const missing = listed('packages')
      .filter(({ name }) => !existsSync(join(ROOT, 'node_modules', name, 'package.json')))
      .map(({ group, name }) => `${name} (group '${group}'): not installed; update ${TABLE}`);
    expect(missing).toEqual([]);
  });

  test('every Vite module it lists is one the installed Vite writes', () => {
    const code = viteCode();
    const missing = listed('virtual')
      .filter(({ name }) => !code.includes(`\\0${name}"`))
      .map(({ group, name }) => `${name} (group '${group}'): not a module of this Vite; update ${TABLE}`);
    expect(missing).toEqual([]);
  });

  test('names each group once, each with its own priority, and each module once', () => {
    expect(new Set(CHUNK_GROUPS.map((g) => g.name)).size).toBe(CHUNK_GROUPS.length);
    expect(new Set(CHUNK_GROUPS.map((g) => g.priority)).size).toBe(CHUNK_GROUPS.length);
    const names = [...listed('files'), ...listed('packages'), ...listed('virtual')].map(({ name }) => name);
    expect(names.filter((name, i) => names.indexOf(name) !== i)).toEqual([]);
  });

  test('a file matches by its path under any root and with either separator, and nothing else', () => {
    const group: ChunkGroup = { name: 'g', priority: 1, files: ['src/lib/format.ts'] };
    const pattern = chunkPattern(group);
    expect(pattern.test('/work/site/src/lib/format.ts')).toBe(true);
    expect(pattern.test('C:\\site\\src\\lib\\format.ts')).toBe(true);
    expect(pattern.test('/work/site/src/lib/format.ts?v=1')).toBe(true);
    expect(pattern.test('/work/site/src/lib/formats.ts')).toBe(false);
    expect(pattern.test('/work/site/src/lib/formatxts')).toBe(false);
    expect(pattern.test('/work/site/src/lib/other/format.ts')).toBe(false);
  });

  test('a package matches every file below it, not a package whose name starts the same', () => {
    const pattern = chunkPattern({ name: 'g', priority: 1, packages: ['react', '@astrojs/react'] });
    expect(pattern.test('/work/site/node_modules/react/cjs/react.production.js')).toBe(true);
    expect(pattern.test('/work/site/node_modules/@astrojs/react/dist/client.js')).toBe(true);
    expect(pattern.test('/work/site/node_modules/react-dom/client.js')).toBe(false);
    expect(pattern.test('/work/site/node_modules/@nanostores/react/index.js')).toBe(false);
  });

  test('puts each module it lists in its own group, and a module it does not list in none', () => {
    const ids = CHUNK_GROUPS.flatMap((group) => [
      ...(group.files ?? []).map((path) => ({ group: group.name, id: `/work/site/${path}` })),
      ...(group.packages ?? []).map((name) => ({ group: group.name, id: `/work/site/node_modules/${name}/index.js` })),
      ...(group.virtual ?? []).map((id) => ({ group: group.name, id: `\0${id}` })),
    ]);
    expect(ids.filter(({ group, id }) => groupOf(id) !== group)).toEqual([]);
    expect(groupOf('/work/site/src/features/unlisted/module.ts')).toBeUndefined();
    expect(groupOf('/work/site/node_modules/unlisted/index.js')).toBeUndefined();
  });
});
