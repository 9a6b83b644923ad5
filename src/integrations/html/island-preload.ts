/**
 * Lists on each island of a built page every script file its hydration needs (`data-preload`):
 * its component and renderer and everything they import, directly or not. The browser learns a
 * module's imports only once that module has arrived, so on a slow connection an island's code
 * came in three or four round trips; the site's directives (src/lib/islands/preload.ts) ask for
 * the whole list at once when the island starts loading, one round trip
 * (docs/product/performance.md#after-paint-loading). The behaviour scripts of the after-paint parts get the
 * same list, asked for by their loader (src/lib/after-paint.ts). Nothing is fetched earlier than
 * before, except the owner's desk's files (AT_ONCE_DIRECTIVES), asked for from the head.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** A module's static imports (`import … from "./x.js"`, `import "./x.js"`, `export … from "./x.js"`), not `import()`. */
const STATIC_IMPORT = /(?:\bfrom|\bimport)\s*["']\.\/([\w.-]+\.js)["']/g;
const ISLAND_TAG = /<astro-island\b[^>]*>/g;
/** An after-paint part (src/components/AfterPaint.astro) and the script file it holds. */
const PART = /<template data-after-paint\b[^>]*>(?=<script type="module" src="([^"]+)")/g;

/**
 * The directives whose island is the page itself (the owner's desk, `client:desk`): its files are
 * asked for from the head, beside the stylesheet, rather than once the page has painted, since
 * nothing on that page is drawn before they run (docs/product/desk.md#owners-desk, "Loading"). Its
 * directive's script goes into the head too (island-runtime.ts).
 */
export const AT_ONCE_DIRECTIVES: readonly string[] = ['desk'];

/** The file names a built module imports statically, from its text. */
export function staticImports(code: string): string[] {
  return [...code.matchAll(STATIC_IMPORT)].map((match) => match[1]!);
}

/**
 * `urls` and every module they import, directly or not, in the order first reached. `importsOf`
 * gives a module's imports as URLs.
 */
export function moduleClosure(urls: readonly string[], importsOf: (url: string) => readonly string[]): string[] {
  const seen = new Set<string>();
  const visit = (url: string) => {
    if (seen.has(url)) return;
    seen.add(url);
    for (const next of importsOf(url)) visit(next);
  };
  urls.forEach(visit);
  return [...seen];
}

/**
 * `html` with `data-preload` on every island (the closure of its component and renderer URLs) and
 * on every after-paint part that holds a script file (the closure of that file).
 */
export function addIslandPreloads(html: string, importsOf: (url: string) => readonly string[]): string {
  const withParts = html.replace(PART, (tag: string, src: string) => {
    if (tag.includes(' data-preload=')) return tag;
    return `${tag.slice(0, -1)} data-preload="${moduleClosure([src], importsOf).join(' ')}">`;
  });
  const atOnce = new Set<string>();
  const withIslands = withParts.replace(ISLAND_TAG, (tag) => {
    if (tag.includes(' data-preload=')) return tag;
    const urls = ['component-url', 'renderer-url']
      .map((name) => tag.match(new RegExp(`\\s${name}="([^"]+)"`))?.[1])
      .filter((url): url is string => !!url);
    if (urls.length === 0) return tag;
    const closure = moduleClosure(urls, importsOf);
    if (AT_ONCE_DIRECTIVES.some((directive) => tag.includes(` client="${directive}"`))) {
      closure.forEach((url) => atOnce.add(url));
    }
    return `${tag.slice(0, -1)} data-preload="${closure.join(' ')}">`;
  });
  const link = (url: string) => `<link rel="modulepreload" href="${url}">`;
  const links = [...atOnce].filter((url) => !withIslands.includes(link(url)));
  return links.length === 0 ? withIslands : withIslands.replace('</head>', `${links.map(link).join('')}</head>`);
}

/** Reads the imports of the built modules under `distDir` (URLs like `/_astro/x.js`), each file once. */
export function builtImports(distDir: string): (url: string) => readonly string[] {
  const cache = new Map<string, string[]>();
  return (url) => {
    let imports = cache.get(url);
    if (!imports) {
      const dir = url.slice(0, url.lastIndexOf('/') + 1);
      imports = staticImports(readFileSync(join(distDir, url), 'utf8')).map((name) => dir + name);
      cache.set(url, imports);
    }
    return imports;
  };
}
