/**
 * `npm run bench:scripts [-- --dist DIR] [--json]`: the JavaScript each built page can run, read
 * from `dist/` (no browser, so the figures do not depend on the machine): the scripts the page
 * names (its script tags, the scripts held until after the paint, its islands' component and
 * renderer files) with every file they import statically, once all have run; apart, what the
 * header's account islands add for a visitor with a stored session, and what a dynamic import may
 * still fetch (the sign-in client when a checkout starts, say). Sizes are gzipped, as a server
 * sends them. What Lighthouse measures before any interaction is in `results/lighthouse.json`.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, posix, relative } from 'node:path';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** The scripts of one page: named by it and imported statically, and the dynamic imports beyond. */
export interface PageScripts {
  path: string;
  /** Files the page's scripts and islands load for any visitor, once all have run (gzipped bytes). */
  staticBytes: number;
  staticFiles: number;
  /** Files the header's account islands add when a sign-in session is stored (`client:session`). */
  sessionBytes: number;
  /** Files only a dynamic import reaches (gzipped bytes). */
  dynamicBytes: number;
}

function* htmlFiles(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* htmlFiles(path);
    else if (name.endsWith('.html')) yield path;
  }
}

/** The site path of a built page: `dist/blog/x.html` is `/blog/x`. */
function pagePath(dist: string, file: string): string {
  const path = `/${relative(dist, file).split('\\').join('/')}`.replace(/\.html$/, '').replace(/\/index$/, '');
  return path === '' ? '/' : path;
}

/** The script files a page names, as paths below the site root: for every visitor, and for one with a session. */
export function namedScripts(html: string): { always: string[]; session: string[] } {
  const always = new Set<string>();
  const session = new Set<string>();
  for (const match of html.matchAll(/<script\b[^>]*\bsrc="([^"]+\.js)"/g)) always.add(match[1]!);
  for (const island of html.matchAll(/<astro-island\b[^>]*>/g)) {
    const into = /\bclient="session"/.test(island[0]) ? session : always;
    for (const url of island[0].matchAll(/\b(?:component-url|renderer-url|before-hydration-url)="([^"]+\.js)"/g)) {
      into.add(url[1]!);
    }
  }
  // Inline module scripts (the behaviour scripts held until after the paint among them) import files too.
  for (const match of html.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/g)) {
    for (const spec of importsIn(match[1]!).static) if (spec.startsWith('/')) always.add(spec);
  }
  const local = (set: Set<string>) => [...set].filter((src) => src.startsWith('/'));
  return { always: local(always), session: local(session) };
}

/** The specifiers a built module imports: statically, and with `import()`. */
export function importsIn(code: string): { static: string[]; dynamic: string[] } {
  const staticSpecs = [
    ...code.matchAll(/(?:^|[;}\s])(?:import|export)\s*(?:[\w$*{},\s]+from\s*)?["'`]([^"'`]+\.js)["'`]/g),
  ].map((m) => m[1]!);
  const dynamicSpecs = [...code.matchAll(/\bimport\(\s*["'`]([^"'`]+\.js)["'`]\s*\)/g)].map((m) => m[1]!);
  return { static: staticSpecs, dynamic: dynamicSpecs };
}

/** Measures every page of a build. */
export function measurePages(dist: string): PageScripts[] {
  const sizes = new Map<string, number>();
  const size = (file: string) => {
    if (!sizes.has(file)) sizes.set(file, gzipSync(readFileSync(join(dist, file))).length);
    return sizes.get(file)!;
  };
  const imports = new Map<string, { static: string[]; dynamic: string[] }>();
  const importsOf = (file: string) => {
    if (!imports.has(file)) {
      const found = importsIn(readFileSync(join(dist, file), 'utf8'));
      const resolveSpec = (spec: string) => (spec.startsWith('/') ? spec : posix.join(posix.dirname(file), spec));
      imports.set(file, { static: found.static.map(resolveSpec), dynamic: found.dynamic.map(resolveSpec) });
    }
    return imports.get(file)!;
  };
  const closure = (start: Iterable<string>, follow: (file: string) => string[]) => {
    const seen = new Set<string>();
    const queue = [...start];
    while (queue.length > 0) {
      const file = queue.pop()!;
      if (seen.has(file) || !existsSync(join(dist, file))) continue;
      seen.add(file);
      queue.push(...follow(file));
    }
    return seen;
  };
  return [...htmlFiles(dist)]
    .map((file) => {
      const named = namedScripts(readFileSync(file, 'utf8'));
      const loaded = closure(named.always, (f) => importsOf(f).static);
      const withSession = closure([...loaded, ...named.session], (f) => importsOf(f).static);
      const reachable = closure(withSession, (f) => [...importsOf(f).static, ...importsOf(f).dynamic]);
      const sum = (files: Iterable<string>) => [...files].reduce((total, f) => total + size(f), 0);
      return {
        path: pagePath(dist, file),
        staticBytes: sum(loaded),
        staticFiles: loaded.size,
        sessionBytes: sum([...withSession].filter((f) => !loaded.has(f))),
        dynamicBytes: sum([...reachable].filter((f) => !withSession.has(f))),
      };
    })
    .sort((a, b) => a.path.localeCompare(b.path));
}

/** A Markdown table, columns padded, numbers right-aligned. */
function markdownTable(head: readonly string[], rows: readonly (readonly string[])[]): string {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: readonly string[]) =>
    `| ${cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join(' | ')} |`;
  const rule = `| ${widths.map((w, i) => (i === 0 ? '-'.repeat(w) : `${'-'.repeat(w - 1)}:`)).join(' | ')} |`;
  return [line(head), rule, ...rows.map(line)].join('\n');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const distAt = args.indexOf('--dist');
  const dist = distAt >= 0 && args[distAt + 1] ? args[distAt + 1]! : join(ROOT, 'dist');
  const pages = measurePages(dist);
  if (args.includes('--json')) {
    console.log(JSON.stringify(pages, null, 2));
  } else {
    const kb = (bytes: number) => (bytes / 1024).toFixed(1);
    console.log(
      markdownTable(
        ['page', 'files', 'loaded KB', '+ session KB', '+ on demand KB'],
        pages.map((p) => [p.path, String(p.staticFiles), kb(p.staticBytes), kb(p.sessionBytes), kb(p.dynamicBytes)]),
      ),
    );
  }
}
