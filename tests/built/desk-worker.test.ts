/**
 * The desk's service worker as the build wrote it (src/integrations/desk-worker.ts,
 * docs/product/desk.md#owners-desk, "Offline shell"): dist/owner-sw.js keeps the built desk page
 * and every file it loads, each one the build has, and no answer of the API or the sign-in service.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { directive, parsePolicy } from '@/integrations/html/page-csp';
import { DESK_WORKER_URL } from '@/features/owner/offline/register-worker';
import { deskBuildId, pageFileUrls } from '@/integrations/desk-worker';
import { builtPage, DIST, servedFile } from './dom';

const worker = readFileSync(join(DIST, DESK_WORKER_URL), 'utf8');
/** The list the build defined in: the worker's first array of quoted paths. */
const kept = JSON.parse(/\[(?:"\/[^"]*",?)+\]/.exec(worker)?.[0] ?? '[]') as string[];

test('keeps the desk page first, then every file the built page loads', () => {
  expect(kept[0]).toBe('/owner');
  const page = builtPage('/owner');
  const loaded = pageFileUrls(page.html);
  expect(loaded.length).toBeGreaterThan(5);
  expect(kept).toEqual(expect.arrayContaining(loaded));
  // The stylesheet, the desk island's code and the manifest's icons are among them.
  expect(kept.some((url) => /^\/_astro\/.+\.css$/.test(url))).toBe(true);
  expect(kept).toContain(/component-url="([^"]+)"/.exec(page.html)?.[1]);
  expect(kept).toEqual(expect.arrayContaining(['/owner.webmanifest', '/owner/icon-192.png', '/owner/icon-512.png']));
});

test('keeps only files the build has, and no owner data', () => {
  for (const url of kept) expect(servedFile(url), url).toBe(true);
  expect(kept.filter((url) => /^\/(?:api|auth)(?:\/|$)/.test(url))).toEqual([]);
  expect(new Set(kept).size).toBe(kept.length);
});

test("carries the build's id, and only the desk page's policy allows a worker", () => {
  expect(worker).toContain(deskBuildId(DIST, kept));
  const policyOf = (path: string) =>
    parsePolicy(/http-equiv="content-security-policy" content="([^"]*)"/.exec(builtPage(path).html)?.[1] ?? '');
  expect(directive(policyOf('/owner'), 'worker-src')).toEqual(["'self'"]);
  expect(directive(policyOf('/'), 'worker-src')).toEqual(["'none'"]);
});
