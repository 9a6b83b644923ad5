/**
 * The `desk-worker` integration: once the pages are written and finished, it builds the owner's
 * desk's service worker, /owner-sw.js (docs/product/desk.md#owners-desk, "Offline shell"). It reads
 * the built desk page for every file the page loads (its stylesheet, its islands' script files and
 * all they import, at once or later, the manifest and the icons), bundles
 * src/features/owner/offline/desk-worker.ts with that list and the build's id defined in, and lets
 * the desk page's policy allow the worker. Our own worker rather than a plugin: @vite-pwa/astro
 * supports Astro 5 only, and vite-plugin-pwa runs before Astro writes its pages, so it cannot read
 * the desk's. Must come after `production-build` in astro.config.mjs (its passes rewrite the pages).
 * Shared core: Node loads it from astro.config.mjs, so relative imports with the extension only.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { build } from 'esbuild';
import { DESK_WORKER_SCOPE, DESK_WORKER_URL } from '../features/owner/offline/register-worker.ts';
import { moduleClosure, staticImports } from './html/island-preload.ts';

/** The desk's page: its address, which is also the worker's scope. */
export const DESK_PAGE = DESK_WORKER_SCOPE;

/** The worker's source, from the repository root. */
const WORKER_SOURCE = 'src/features/owner/offline/desk-worker.ts';

/** The island attributes that name one script file, and the one that lists them all. */
const ISLAND_URL = /\s(?:component-url|renderer-url|before-hydration-url)="([^"]+)"/g;
const PRELOAD_LIST = /\sdata-preload="([^"]*)"/g;
/** The `<link>` kinds a page loads (not canonical, alternate, sitemap, expect). */
const LOADED_LINKS = new Set(['stylesheet', 'modulepreload', 'preload', 'manifest', 'icon', 'apple-touch-icon']);

/** A tag's attribute, or null. */
function attribute(tag: string, name: string): string | null {
  return new RegExp(`\\s${name}="([^"]*)"`, 'i').exec(tag)?.[1] ?? null;
}

/** Whether `url` is a path of this site (`/x`), not another origin, a fragment or a data: URL. */
function isSitePath(url: string): boolean {
  return url.startsWith('/') && !url.startsWith('//');
}

/**
 * The site's files a built page loads, as paths, in the order found: its stylesheets and module
 * preloads, its scripts, the manifest and icons its links name, and each island's component,
 * renderer and `data-preload` list. Inline scripts are skipped, so no URL a script merely writes.
 */
export function pageFileUrls(html: string): string[] {
  const tags = html.replace(/(<script\b[^>]*>)[\s\S]*?<\/script>/gi, '$1');
  const urls: string[] = [];
  for (const [link] of tags.matchAll(/<link\b[^>]*>/gi)) {
    const rels = (attribute(link, 'rel') ?? '').toLowerCase().split(/\s+/);
    const href = attribute(link, 'href');
    if (href && rels.some((rel) => LOADED_LINKS.has(rel))) urls.push(href);
  }
  for (const [script] of tags.matchAll(/<script\b[^>]*>/gi)) {
    const src = attribute(script, 'src');
    if (src) urls.push(src);
  }
  for (const [, url] of tags.matchAll(ISLAND_URL)) urls.push(url!);
  for (const [, list] of tags.matchAll(PRELOAD_LIST)) urls.push(...list!.split(/\s+/));
  return [...new Set(urls.map((url) => url.split('#')[0]!).filter(isSitePath))];
}

/**
 * The files a built module may load, as names beside it: its static imports, its `import()`s
 * (the desk's views come that way) and what the build's preload map lists for them (`_astro/x.js`).
 */
export function moduleFiles(code: string): string[] {
  const dynamic = [...code.matchAll(/\bimport\(\s*[`"']\.\/([\w.-]+\.js)[`"']\s*\)/g)].map((m) => m[1]!);
  const mapped = [...code.matchAll(/["'`]_astro\/([\w.-]+\.(?:js|css))["'`]/g)].map((m) => m[1]!);
  return [...new Set([...staticImports(code), ...dynamic, ...mapped])];
}

/** The icons a web app manifest names, as paths. */
export function manifestIcons(manifest: string): string[] {
  const { icons } = JSON.parse(manifest) as { icons?: { src?: unknown }[] };
  return (icons ?? []).flatMap(({ src }) => (typeof src === 'string' && isSitePath(src) ? [src] : []));
}

/** A built file's path in `root` for its URL: `/owner` is `owner.html` (or `owner/index.html`). */
export function builtFile(root: string, url: string): string | null {
  const candidates = url.startsWith('/_astro/') || /\.\w+$/.test(url) ? [url] : [`${url}.html`, `${url}/index.html`];
  return candidates.map((c) => join(root, c)).find((path) => existsSync(path)) ?? null;
}

/**
 * What the worker keeps at install, read from the built site in `root`: the desk page, every file
 * it names, every module those import (now or later), and the manifest's icons. Throws on a file
 * the build does not have, so a worker never goes out that could not install.
 */
export function deskPrecache(root: string, page: string): string[] {
  const read = (url: string) => {
    const path = builtFile(root, url);
    if (!path) throw new Error(`The desk's worker keeps ${url}, which the build does not have.`);
    return readFileSync(path, 'utf8');
  };
  const named = pageFileUrls(read(page));
  const scripts = moduleClosure(
    named.filter((url) => url.endsWith('.js')),
    (url) => {
      if (!url.endsWith('.js')) return [];
      const dir = url.slice(0, url.lastIndexOf('/') + 1);
      return moduleFiles(read(url)).map((name) => dir + name);
    },
  );
  const icons = named.filter((url) => url.endsWith('.webmanifest')).flatMap((url) => manifestIcons(read(url)));
  const list = [...new Set([page, ...named, ...scripts, ...icons])];
  list.forEach(read);
  return list;
}

/** The build's id: a hash of the list and of each file's bytes, so a changed page or icon makes a new worker. */
export function deskBuildId(root: string, list: readonly string[]): string {
  const hash = createHash('sha256');
  for (const url of list) {
    hash.update(`${url}\n`);
    hash.update(readFileSync(builtFile(root, url) ?? join(root, url)));
  }
  return hash.digest('hex').slice(0, 16);
}

/**
 * The desk page's policy with service workers allowed from the site itself: every page's policy
 * says `worker-src 'none'` (src/lib/security-headers.ts), and only the desk registers one.
 */
export function allowWorker(html: string): string {
  return html.replace(/(http-equiv="content-security-policy" content="[^"]*?worker-src )'none'/i, "$1'self'");
}

/** The integration. */
export function deskWorker(options: { repoRoot: string }): AstroIntegration {
  return {
    name: 'desk-worker',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        const root = fileURLToPath(dir);
        const pageFile = builtFile(root, DESK_PAGE);
        if (!pageFile) throw new Error(`The desk page ${DESK_PAGE} was not built.`);
        const html = await readFile(pageFile, 'utf8');
        const allowed = allowWorker(html);
        if (allowed !== html) await writeFile(pageFile, allowed);
        const list = deskPrecache(root, DESK_PAGE);
        const id = deskBuildId(root, list);
        await build({
          entryPoints: [join(options.repoRoot, WORKER_SOURCE)],
          outfile: join(root, DESK_WORKER_URL),
          bundle: true,
          format: 'iife',
          target: 'es2022',
          minify: true,
          legalComments: 'none',
          logLevel: 'warning',
          define: {
            __DESK_PAGE__: JSON.stringify(DESK_PAGE),
            __DESK_PRECACHE__: JSON.stringify(list),
            __DESK_BUILD__: JSON.stringify(id),
          },
        });
        const kilobytes = list.reduce((sum, url) => sum + readFileSync(builtFile(root, url)!).length, 0) / 1024;
        logger.info(`${DESK_WORKER_URL}: keeps ${list.length} files (${kilobytes.toFixed(0)} KB), build ${id}.`);
      },
    },
  };
}
