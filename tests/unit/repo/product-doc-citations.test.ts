/**
 * Citations of the product description: code, tests and content cite `docs/product/<part>.md#<anchor>`,
 * so every anchor must be a heading of the part it names, nothing may cite the single file the parts
 * replaced, and nothing may still cite the outside documents the repository does not contain. The
 * parts stay short and the index links each of them, and the relative links of the project's
 * Markdown (between parts, from docs/build.md, from the README) land on a file and a heading.
 * Anchors are computed as GitHub computes them, so a citation that passes here also lands on its
 * heading when clicked on GitHub.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, posix, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const PRODUCT_DIR = 'docs/product';
const INDEX = 'README.md';
const MAX_PART_LINES = 400;
const THIS_FILE = relative(ROOT, fileURLToPath(import.meta.url));
// The name of the single file the parts replaced, spelled so that the citation rewrite, which may
// run over this test, leaves its examples as they are.
const FORMER_NAME = ['product', 'md'].join('.');

/**
 * What GitHub drops from a heading's anchor: everything but letters (Unicode "Alphabetic"), marks,
 * decimal digits, connector punctuation such as `_`, hyphens and spaces. Checked against
 * github-slugger ("a slug just like GitHub does") for every code point its Unicode tables know.
 */
const DROPPED = /[^\p{Alphabetic}\p{M}\p{Nd}\p{Pc}\- ]/gu;

/** The characters of an anchor as citations write it (what GitHub's slugs keep). */
const ANCHOR = String.raw`[\p{Alphabetic}\p{M}\p{Nd}\p{Pc}-]+`;

/**
 * A citation of a part: `product/<part>.md`, with its `#anchor` when it has one, as written from the
 * root (`docs/product/plans.md#plans`), from docs/ (`product/plans.md#plans`) or from deeper.
 */
const CITATION = new RegExp(String.raw`(?<![\w.-])product/([\w-]+\.md)(?:#(${ANCHOR}))?`, 'gu');

/**
 * A citation of the single file the parts replaced: its path from the root, or a link to it from
 * docs/ (its bare name and an anchor). A pattern, so the citation rewrite leaves this test alone.
 */
const FORMER_FILE = /\bdocs\/product\.md\b|(?<![\w./-])product\.md#/g;

/**
 * GitHub's anchor for a heading's text: lowercased, every character but letters, digits, `_`,
 * hyphens and spaces removed, then each space turned into a hyphen (so "A & B" gives "a--b").
 */
function githubSlug(text: string): string {
  return text.toLowerCase().replace(DROPPED, '').replace(/ /g, '-');
}

/**
 * Anchors for headings in document order, as GitHub numbers repeats: the second "Notes" is
 * `notes-1`, the third `notes-2`, and a suffixed form another heading already took is skipped.
 */
function uniqueSlugs(texts: readonly string[]): string[] {
  const occurrences = new Map<string, number>();
  return texts.map((text) => {
    const base = githubSlug(text);
    let slug = base;
    while (occurrences.has(slug)) {
      const count = (occurrences.get(base) ?? 0) + 1;
      occurrences.set(base, count);
      slug = `${base}-${count}`;
    }
    occurrences.set(slug, 0);
    return slug;
  });
}

/**
 * The text GitHub renders for a Markdown heading line, or null when the line is not an ATX
 * heading: the `#` marks and any closing `#`s removed, inline code, emphasis and links reduced
 * to their text.
 */
function headingText(line: string): string | null {
  const match = /^ {0,3}#{1,6}(?:[ \t]+(.*?))?(?:[ \t]+#+)?[ \t]*$/.exec(line);
  if (!match) return null;
  return (match[1] ?? '')
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/`([^`]*)`/g, '$1')
    .replace(/(\*\*|__|\*|_)(\S(?:.*?\S)?)\1/g, '$2')
    .replace(/<[^>]+>/g, '')
    .trim();
}

/**
 * The lines of a Markdown document with fenced code blocks blanked (fence lines included), so
 * nothing inside code counts as a heading or a link; line numbers stay those of the document.
 */
function proseLines(markdown: string): string[] {
  let fence: string | null = null;
  return markdown.split(/\r?\n/).map((line) => {
    const marker = /^ {0,3}(`{3,}|~{3,})/.exec(line)?.[1];
    if (marker) {
      if (fence === null) fence = marker;
      else if (marker[0] === fence[0] && marker.length >= fence.length) fence = null;
      return '';
    }
    return fence === null ? line : '';
  });
}

/** The headings of a Markdown document, outside fenced code blocks, in order. */
function headings(markdown: string): string[] {
  return proseLines(markdown)
    .map(headingText)
    .filter((text): text is string => text !== null);
}

/** The anchors of a Markdown document's headings, as GitHub gives them. */
function anchorsOf(markdown: string): Set<string> {
  return new Set(uniqueSlugs(headings(markdown)));
}

/** One place a file mentions something, for failure messages. */
interface Hit {
  file: string;
  line: number;
  text: string;
}

/** Hits as `file:line  text` lines, for failure messages. */
const where = (hits: readonly Hit[]) => hits.map((hit) => `${hit.file}:${hit.line}  ${hit.text}`);

/** The parts of the product description: file name (`plans.md`) to its text. */
type Parts = ReadonlyMap<string, string>;

/** Every Markdown file of docs/product/, the index included, by name. */
function readParts(): Parts {
  const names = readdirSync(join(ROOT, PRODUCT_DIR))
    .filter((name) => name.endsWith('.md'))
    .sort();
  return new Map(names.map((name) => [name, readFileSync(join(ROOT, PRODUCT_DIR, name), 'utf8')]));
}

/** Each part's anchors, computed once per part. */
function partAnchors(parts: Parts): Map<string, Set<string>> {
  return new Map([...parts].map(([name, text]) => [name, anchorsOf(text)]));
}

/**
 * What is wrong with a citation of `part` (and `anchor`, when it has one), or null when it lands:
 * the part must exist and the anchor must be one of that part's headings, not another part's.
 */
function citationProblem(
  part: string,
  anchor: string | undefined,
  anchors: ReadonlyMap<string, Set<string>>,
): string | null {
  const known = anchors.get(part);
  if (!known) return `no part ${PRODUCT_DIR}/${part}`;
  if (anchor !== undefined && !known.has(anchor)) {
    const elsewhere = [...anchors].find(([, set]) => set.has(anchor))?.[0];
    return `no heading #${anchor} in ${part}${elsewhere ? ` (it is in ${elsewhere})` : ''}`;
  }
  return null;
}

/** Every citation of a part in `text`, with what is wrong with it; an empty list when all land. */
function citationProblems(file: string, text: string, anchors: ReadonlyMap<string, Set<string>>): Hit[] {
  const problems: Hit[] = [];
  text.split(/\r?\n/).forEach((line, index) => {
    for (const match of line.matchAll(CITATION)) {
      const problem = citationProblem(match[1] ?? '', match[2], anchors);
      if (problem) problems.push({ file, line: index + 1, text: `${match[0]}: ${problem}` });
    }
  });
  return problems;
}

/** Every mention of the single file the parts replaced, in `text`. */
function formerFileCitations(file: string, text: string): Hit[] {
  const hits: Hit[] = [];
  text.split(/\r?\n/).forEach((line, index) => {
    for (const match of line.matchAll(FORMER_FILE)) hits.push({ file, line: index + 1, text: match[0] });
  });
  return hits;
}

/** A Markdown link's target and the line it is on. */
interface Link {
  line: number;
  target: string;
}

/**
 * The inline links and images of a Markdown document, outside code (fenced blocks and inline code
 * spans), with the line of their target; a link's text may run over several lines.
 */
function markdownLinks(markdown: string): Link[] {
  const text = proseLines(markdown)
    .map((line) => line.replace(/`[^`]*`/g, (code) => ' '.repeat(code.length)))
    .join('\n');
  return [...text.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)].map((match) => ({
    line: text.slice(0, match.index).split('\n').length,
    target: match[1] ?? '',
  }));
}

/**
 * What is wrong with a relative link from `file` (a path from the root), or null when it lands:
 * the target must exist, and a `#anchor` of a Markdown file (or of the file itself) must be one of
 * its headings. Web addresses and the site's own paths (`/service-agreement`) are not files.
 */
function linkProblem(file: string, target: string, read: (path: string) => string | null): string | null {
  if (/^[a-z][a-z\d+.-]*:/i.test(target) || target.startsWith('/')) return null;
  const hash = target.indexOf('#');
  const path = hash < 0 ? target : target.slice(0, hash);
  const anchor = hash < 0 ? undefined : target.slice(hash + 1);
  const resolved = path === '' ? file : posix.normalize(posix.join(posix.dirname(file), decodeURI(path)));
  if (resolved.startsWith('../')) return `${target} leaves the repository`;
  if (!existsSync(join(ROOT, resolved))) return `${target}: no file ${resolved}`;
  if (anchor === undefined || !resolved.endsWith('.md')) return null;
  const markdown = read(resolved);
  if (markdown === null) return `${target}: ${resolved} cannot be read`;
  return anchorsOf(markdown).has(anchor) ? null : `${target}: no heading #${anchor} in ${resolved}`;
}

/** The files of docs/product/ (the index too) over `max` lines, with their line counts. */
function oversizedParts(parts: Parts, max: number): string[] {
  return [...parts]
    .map(([name, text]) => ({ name, lines: text.split('\n').length - (text.endsWith('\n') ? 1 : 0) }))
    .filter(({ lines }) => lines > max)
    .map(({ name, lines }) => `${name}: ${lines} lines`);
}

/** The parts the index does not link to (`[...](<part>.md)`, with or without an anchor). */
function partsMissingFromIndex(index: string, names: readonly string[]): string[] {
  const linked = new Set(markdownLinks(index).map((link) => link.target.split('#')[0]));
  return names.filter((name) => name !== INDEX && !linked.has(name));
}

/**
 * Every text file of the project that git knows of or would add (tracked, or new and not ignored),
 * except the lockfile and this test, whose patterns would cite themselves.
 */
function projectTextFiles(): string[] {
  const listed = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  return [...new Set(listed.split('\0'))]
    .filter((file) => file !== '' && file !== 'package-lock.json' && file !== THIS_FILE)
    .filter((file) => existsSync(join(ROOT, file)))
    .filter((file) => !readFileSync(join(ROOT, file)).subarray(0, 8000).includes(0));
}

/** Each match of `pattern` (global) in the project's text files, with its first capture group. */
function findInProject(files: readonly string[], pattern: RegExp): Hit[] {
  const hits: Hit[] = [];
  for (const file of files) {
    readFileSync(join(ROOT, file), 'utf8')
      .split(/\r?\n/)
      .forEach((text, index) => {
        for (const match of text.matchAll(pattern)) {
          hits.push({ file, line: index + 1, text: match[1] ?? match[0] });
        }
      });
  }
  return hits;
}

/** A project file's text, or null when it is not there. */
function readProjectFile(path: string): string | null {
  return existsSync(join(ROOT, path)) ? readFileSync(join(ROOT, path), 'utf8') : null;
}

describe('githubSlug and uniqueSlugs (GitHub heading anchors)', () => {
  test.each([
    ['Plans', 'plans'],
    ['One-time services', 'one-time-services'],
    ['Hidden-costs calculator', 'hidden-costs-calculator'],
    ['Production and the embedded default', 'production-and-the-embedded-default'],
    ['E-mails', 'e-mails'],
    ['1. Create the Supabase project', '1-create-the-supabase-project'],
    ["4. The automation tool's webhooks", '4-the-automation-tools-webhooks'],
    ['6a. Deploy on Netlify', '6a-deploy-on-netlify'],
    ['What is `client:afterpaint`?', 'what-is-clientafterpaint'],
    ['Prices & periods', 'prices--periods'],
    ['snake_case stays', 'snake_case-stays'],
    ['Ünïcode Façade', 'ünïcode-façade'],
    ['2½ cups, ² squared', '2-cups--squared'],
    ['  Padded  ', '--padded--'],
  ])('%j -> %j', (text, slug) => {
    expect(githubSlug(text)).toBe(slug);
  });

  test('repeated headings get -1, -2, skipping a suffix a heading already has', () => {
    expect(uniqueSlugs(['Notes', 'Notes', 'Notes-1', 'Notes', 'Other'])).toEqual([
      'notes',
      'notes-1',
      'notes-1-1',
      'notes-2',
      'other',
    ]);
  });

  test('headings: ATX lines only, closing hashes and inline markup dropped, fenced code ignored', () => {
    const markdown = [
      '# Title',
      'Text with # inside',
      '## Plans ##',
      '#NoSpace is not a heading',
      '```sh',
      '# a shell comment',
      '```',
      '### `code` and **bold** and [a link](#x)',
      '    # indented code',
    ].join('\n');
    expect(headings(markdown)).toEqual(['Title', 'Plans', 'code and bold and a link']);
  });
});

describe('the checks can fail', () => {
  const anchors = new Map([
    ['plans.md', new Set(['autopilot-plans', 'plans', 'plan-prices'])],
    ['visits.md', new Set(['visits-capacity-and-changes', 'plan-visits'])],
  ]);

  test('a citation lands only on a heading of the part it names', () => {
    const text = [
      'see docs/product/plans.md#plan-prices and (product/visits.md#plan-visits)',
      'see docs/product/plans.md#plan-visits, docs/product/desk.md#owners-desk and docs/product/nope.md',
      'docs/product/plans.md, "Plan prices"; ../../docs/product/visits.md#no-such-heading',
    ].join('\n');
    expect(where(citationProblems('src/x.ts', text, anchors))).toEqual([
      'src/x.ts:2  product/plans.md#plan-visits: no heading #plan-visits in plans.md (it is in visits.md)',
      'src/x.ts:2  product/desk.md#owners-desk: no part docs/product/desk.md',
      'src/x.ts:2  product/nope.md: no part docs/product/nope.md',
      'src/x.ts:3  product/visits.md#no-such-heading: no heading #no-such-heading in visits.md',
    ]);
  });

  test('the single file the parts replaced may not be cited, by path or by a link from docs/', () => {
    const former = `docs/${FORMER_NAME}`;
    const text = [
      `see ${former}#plans, ${former} "Refunds"`,
      `[Plans](${FORMER_NAME}#plans), and the parts: docs/product/plans.md#plans, product/plans.md`,
    ].join('\n');
    expect(where(formerFileCitations('x.md', text))).toEqual([
      `x.md:1  ${former}`,
      `x.md:1  ${former}`,
      `x.md:2  ${FORMER_NAME}#`,
    ]);
  });

  test('relative links: the file must exist and the anchor be one of its headings', () => {
    const read = (path: string) => (path === 'docs/build.md' ? '# The build\n\n## Script-file groups\n' : null);
    expect(linkProblem('docs/x.md', 'build.md#script-file-groups', read)).toBeNull();
    expect(linkProblem('docs/x.md', 'build.md#no-such-heading', read)).toBe(
      'build.md#no-such-heading: no heading #no-such-heading in docs/build.md',
    );
    expect(linkProblem('docs/x.md', 'no-such-file.md#x', read)).toBe('no-such-file.md#x: no file docs/no-such-file.md');
    expect(linkProblem('docs/x.md', '../../outside.md', read)).toBe('../../outside.md leaves the repository');
    expect(linkProblem('docs/x.md', '/service-agreement', read)).toBeNull();
    expect(linkProblem('docs/x.md', 'https://example.com/a.md#b', read)).toBeNull();
  });

  test('links are read outside code, with the line of their target', () => {
    const markdown = ['A [link over', 'two lines](a.md#b), `[code](c.md)`', '```', '[fenced](d.md)', '```'].join('\n');
    expect(markdownLinks(markdown)).toEqual([{ line: 2, target: 'a.md#b' }]);
  });

  test('a part over the limit, and a part the index does not link, are found', () => {
    const parts = new Map([
      [INDEX, '# The product\n\n- [plans.md](plans.md): plans\n'],
      ['plans.md', '# Plans\n'.repeat(3)],
      ['visits.md', 'line\n'.repeat(5)],
    ]);
    expect(oversizedParts(parts, 4)).toEqual(['visits.md: 5 lines']);
    expect(oversizedParts(parts, 2)).toEqual(['README.md: 3 lines', 'plans.md: 3 lines', 'visits.md: 5 lines']);
    expect(oversizedParts(parts, 5)).toEqual([]);
    expect(partsMissingFromIndex(parts.get(INDEX) ?? '', [...parts.keys()])).toEqual(['visits.md']);
  });
});

describe('docs/product/ citations and links', () => {
  const parts = readParts();
  const anchors = partAnchors(parts);
  const files = projectTextFiles();

  test('the product description has its parts, each with a title and anchors of its own', () => {
    expect(parts.has(INDEX), `${PRODUCT_DIR}/${INDEX}`).toBe(true);
    expect(parts.size).toBeGreaterThan(5);
    for (const [name, text] of parts) {
      expect(text.startsWith('# '), `${name} starts with its # title`).toBe(true);
      const titles = headings(text);
      // A repeated heading gets a -1 anchor that moves when sections are reordered; citations
      // must not depend on the order of sections.
      const slugs = uniqueSlugs(titles);
      const repeated = titles.filter((title, i) => slugs[i] !== githubSlug(title));
      expect(repeated, `headings of ${name} whose anchor repeats another heading`).toEqual([]);
    }
  });

  test(`every part is at most ${MAX_PART_LINES} lines`, () => {
    expect(oversizedParts(parts, MAX_PART_LINES), 'split these parts').toEqual([]);
  });

  test('the index links every part', () => {
    expect(partsMissingFromIndex(parts.get(INDEX) ?? '', [...parts.keys()])).toEqual([]);
  });

  test('every docs/product/<part>.md#anchor cited in the project is a heading of that part', () => {
    const problems = files.flatMap((file) => citationProblems(file, readFileSync(join(ROOT, file), 'utf8'), anchors));
    expect(where(problems), `citations that do not land in ${PRODUCT_DIR}/`).toEqual([]);
  });

  test('nothing cites the single file the parts replaced', () => {
    const stale = files.flatMap((file) => formerFileCitations(file, readFileSync(join(ROOT, file), 'utf8')));
    expect(where(stale), `cite ${PRODUCT_DIR}/<part>.md#<anchor> instead`).toEqual([]);
  });

  test("the project's Markdown links land: between parts, from docs/, from the READMEs", () => {
    // content/ is the site's own text, whose links are the site's paths, not files.
    const markdown = files.filter((file) => file.endsWith('.md') && !file.startsWith('content/'));
    expect(markdown).toContain(`${PRODUCT_DIR}/${INDEX}`);
    const broken = markdown.flatMap((file) =>
      markdownLinks(readFileSync(join(ROOT, file), 'utf8')).flatMap(({ line, target }) => {
        const problem = linkProblem(file, target, readProjectFile);
        return problem ? [{ file, line, text: problem }] : [];
      }),
    );
    expect(where(broken), 'links with no file or no heading at their end').toEqual([]);
  });

  test('nothing cites the specification or its decisions, which the repository does not contain', () => {
    // "SPEC §9", "SPEC's", "(SPEC: ...)", "DECISIONS.md", "DECISIONS:": cite the product parts instead.
    const stale = findInProject(files, /(\bSPEC\b(?:\s*§\s*\d+)?|\bDECISIONS\b(?:\.md)?)/g);
    expect(where(stale), `citations to rewrite as ${PRODUCT_DIR}/<part>.md#<anchor>`).toEqual([]);
  });
});
