/**
 * The parts of the performance budgets (bench/budgets.json, docs/product/performance.md) that the
 * built files settle on their own, read from dist/: the stylesheet's fonts and the service area's
 * list. What a page loads in a browser is tests/e2e/performance.spec.ts.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { serviceAreaList } from '../../src/features/service-area/area-list.server';
import { attr, builtPage, builtPages, byTag, DIST } from './dom';

test('the stylesheet uses the system font stack: no @font-face, no @import', () => {
  const [link] = byTag(builtPage('/').document, 'link').filter((l) => attr(l, 'rel') === 'stylesheet');
  const href = link ? attr(link, 'href') : undefined;
  expect(href).toMatch(/^\/_astro\/.+\.css$/);
  const css = readFileSync(join(DIST, href!), 'utf8');
  expect(css).not.toContain('@font-face');
  expect(css).not.toContain('@import');
  expect(css).toContain('system-ui');
});

test("the service area's list travels in the shared forms script, in no page's HTML", () => {
  const zips = Object.keys(serviceAreaList().zips);
  expect(zips.length).toBeGreaterThan(20);
  const carried = (text: string) => zips.filter((zip) => text.includes(zip)).length;
  const forms = readdirSync(join(DIST, '_astro')).filter((name) => /^forms\.[\w-]+\.js$/.test(name));
  expect(forms).toHaveLength(1);
  expect(carried(readFileSync(join(DIST, '_astro', forms[0]!), 'utf8'))).toBe(zips.length);
  // A page may name a ZIP code or two (an address); the list would be dozens.
  const pages = builtPages().map(({ file, html }) => ({ file, zips: carried(html) }));
  expect(pages.filter((page) => page.zips > 5)).toEqual([]);
});
