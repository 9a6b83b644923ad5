/**
 * Citations of the product description: code, tests and content cite `docs/product.md#<anchor>`,
 * so every anchor must be a heading of that file, and nothing may still cite the outside documents
 * the repository does not contain. Anchors are computed as GitHub computes them, so a citation that
 * passes here also lands on its heading when clicked on GitHub.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const PRODUCT_DOC = 'docs/product.md';
const THIS_FILE = relative(ROOT, fileURLToPath(import.meta.url));

/**
 * What GitHub drops from a heading's anchor: everything but letters (Unicode "Alphabetic"), marks,
 * decimal digits, connector punctuation such as `_`, hyphens and spaces. Checked against
 * github-slugger ("a slug just like GitHub does") for every code point its Unicode tables know.
 */
const DROPPED = /[^\p{Alphabetic}\p{M}\p{Nd}\p{Pc}\- ]/gu;

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

/** The headings of a Markdown document, outside fenced code blocks, in order. */
function headings(markdown: string): string[] {
  const found: string[] = [];
  let fence: string | null = null;
  for (const line of markdown.split(/\r?\n/)) {
    const marker = /^ {0,3}(`{3,}|~{3,})/.exec(line)?.[1];
    if (marker) {
      if (fence === null) fence = marker;
      else if (marker[0] === fence[0] && marker.length >= fence.length) fence = null;
      continue;
    }
    if (fence !== null) continue;
    const text = headingText(line);
    if (text !== null) found.push(text);
  }
  return found;
}

/** One place a file mentions something, for failure messages. */
interface Hit {
  file: string;
  line: number;
  text: string;
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
function findInProject(pattern: RegExp): Hit[] {
  const hits: Hit[] = [];
  for (const file of projectTextFiles()) {
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

const where = (hits: readonly Hit[]) => hits.map((hit) => `${hit.file}:${hit.line}  ${hit.text}`);

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

describe('docs/product.md citations', () => {
  const source = readFileSync(join(ROOT, PRODUCT_DOC), 'utf8');
  const titles = headings(source);
  const anchors = uniqueSlugs(titles);
  const known = new Set(anchors);

  test('the product description has its sections, each with an anchor of its own', () => {
    expect(titles.length).toBeGreaterThan(20);
    // A repeated heading gets a -1 anchor that moves when sections are reordered; citations
    // must not depend on the order of sections.
    const repeated = titles.filter((title, i) => anchors[i] !== githubSlug(title));
    expect(repeated, 'headings whose anchor repeats another heading').toEqual([]);
  });

  test('every docs/product.md#anchor cited in the project is a heading of docs/product.md', () => {
    const cited = findInProject(/product\.md#([\p{Alphabetic}\p{M}\p{Nd}\p{Pc}-]+)/gu);
    const missing = cited.filter((hit) => !known.has(hit.text));
    expect(where(missing), `anchors with no heading in ${PRODUCT_DOC}`).toEqual([]);
  });

  test("docs/product.md's own #links point at its headings", () => {
    const links = [...source.matchAll(/\]\(#([^)\s]+)\)/g)].map((match) => match[1] ?? '');
    expect(links.length).toBeGreaterThan(0);
    expect(links.filter((anchor) => !known.has(anchor))).toEqual([]);
  });

  test('nothing cites the specification or its decisions, which the repository does not contain', () => {
    // "SPEC §9", "SPEC's", "(SPEC: ...)", "DECISIONS.md", "DECISIONS:": cite docs/product.md instead.
    const stale = findInProject(/(\bSPEC\b(?:\s*§\s*\d+)?|\bDECISIONS\b(?:\.md)?)/g);
    expect(where(stale), 'citations to rewrite as docs/product.md#<anchor>').toEqual([]);
  });
});
