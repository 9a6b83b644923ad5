/**
 * Checks and completes the Content-Security-Policy that Astro writes into each built page.
 *
 * Astro's `security.csp` hashes the scripts and styles it bundles, but misses some it inlines
 * (the styles of components placed inside MDX articles, `is:inline` styles inside <noscript>).
 * After the build, every page is parsed, each inline script and style is hashed exactly as the
 * browser will hash it, any hash the page's policy lacks is added, and any hash that allows nothing
 * on the page is removed: Astro lists every directive script of the site on every page, and on
 * home those unused hashes were 19 of 26, enough to push it past the first round trip of a new
 * connection (docs/product/performance.md#performance-decisions). What no hash can allow (style attributes,
 * event-handler attributes, javascript: URLs, 'unsafe-inline' scripts, a policy that comes after
 * the content it guards) is an error that fails the build.
 */
import { createHash } from 'node:crypto';
import { parse, type DefaultTreeAdapterTypes } from 'parse5';

type Node = DefaultTreeAdapterTypes.Node;
type Element = DefaultTreeAdapterTypes.Element;

/** Script types the browser runs; anything else (JSON-LD) is a data block, outside the policy. */
const EXECUTABLE_TYPES = new Set([
  '',
  'module',
  'text/javascript',
  'application/javascript',
  'text/ecmascript',
  'application/ecmascript',
]);

/** The CSP source for `text`: `'sha256-<base64>'`. */
export function sha256Source(text: string): string {
  return `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
}

/** A policy as an ordered list of directives, each a name and its sources. */
export type Policy = [name: string, sources: string[]][];

/** Splits a policy into its directives. */
export function parsePolicy(policy: string): Policy {
  return policy
    .split(';')
    .map((part) => part.trim().split(/\s+/))
    .filter((tokens) => tokens[0])
    .map(([name, ...sources]) => [(name ?? '').toLowerCase(), sources]);
}

/** Writes a policy back as text. */
export function formatPolicy(policy: Policy): string {
  return policy.map(([name, sources]) => [name, ...sources].join(' ')).join('; ');
}

/** The sources of one directive, or undefined when the policy does not have it. */
export function directive(policy: Policy, name: string): string[] | undefined {
  return policy.find(([n]) => n === name)?.[1];
}

function attr(element: Element, name: string): string | undefined {
  return element.attrs.find((a) => a.name === name)?.value;
}

function textOf(element: Element): string {
  return element.childNodes
    .map((child) => ('value' in child && child.nodeName === '#text' ? child.value : ''))
    .join('');
}

function* walk(node: Node): Generator<Element> {
  if ('tagName' in node) yield node;
  if ('childNodes' in node) for (const child of node.childNodes) yield* walk(child);
  if ('content' in node && node.content) yield* walk(node.content);
}

/** What a page needs from its policy, and what it holds that no policy should allow. */
interface PageScan {
  meta: Element[];
  scripts: string[];
  styles: string[];
  errors: string[];
}

function scan(html: string): PageScan {
  // Scripting off, so <noscript> content is parsed as elements (its <style> is checked too).
  const document = parse(html, { sourceCodeLocationInfo: true, scriptingEnabled: false });
  const result: PageScan = { meta: [], scripts: [], styles: [], errors: [] };
  for (const element of walk(document)) {
    const tag = element.tagName;
    if (tag === 'meta' && attr(element, 'http-equiv')?.toLowerCase() === 'content-security-policy') {
      result.meta.push(element);
    }
    const guarded =
      (tag === 'script' && EXECUTABLE_TYPES.has((attr(element, 'type') ?? '').trim().toLowerCase())) ||
      tag === 'style' ||
      (tag === 'link' && attr(element, 'rel')?.toLowerCase() === 'stylesheet');
    if (guarded && result.meta.length === 0) {
      result.errors.push(
        `<${tag}> at offset ${element.sourceCodeLocation?.startOffset ?? '?'} comes before the CSP <meta>`,
      );
    }
    if (guarded && tag !== 'link' && attr(element, 'src') === undefined) {
      (tag === 'script' ? result.scripts : result.styles).push(textOf(element));
    }
    for (const { name, value } of element.attrs) {
      if (name === 'style') result.errors.push(`<${tag} style="${value}">: inline style attributes are blocked`);
      if (/^on[a-z]+$/.test(name)) result.errors.push(`<${tag} ${name}>: inline event handlers are blocked`);
      if (['href', 'src', 'action', 'formaction'].includes(name) && /^\s*javascript:/i.test(value)) {
        result.errors.push(`<${tag} ${name}="javascript:...">: javascript: URLs are blocked`);
      }
    }
  }
  if (result.meta.length !== 1) result.errors.push(`expected one CSP <meta>, found ${result.meta.length}`);
  return result;
}

/** The outcome of completing one page's policy. */
export interface CompletedPage {
  html: string;
  /** Hashes added to script-src or style-src. */
  added: string[];
  /** Hashes removed from script-src or style-src: they matched no inline script or style of the page. */
  removed: string[];
  /** Problems no hash can fix; the build fails on any. */
  errors: string[];
}

/**
 * Makes the hashes of a page's CSP <meta> exactly those of its inline scripts and styles (adding the
 * missing, removing the unused), and reports what no hash can allow.
 */
export function completePageCsp(html: string): CompletedPage {
  const page = scan(html);
  const meta = page.meta[0];
  const location = meta?.sourceCodeLocation?.attrs?.['content'];
  if (page.meta.length !== 1 || !meta || !location) return { html, added: [], removed: [], errors: page.errors };

  const policy = parsePolicy(attr(meta, 'content') ?? '');
  const errors = [...page.errors];
  const added: string[] = [];
  const removed: string[] = [];
  for (const [name, texts] of [
    ['script-src', page.scripts],
    ['style-src', page.styles],
  ] as const) {
    let sources = directive(policy, name);
    if (!sources) {
      sources = ["'self'"];
      policy.push([name, sources]);
    }
    if (sources.includes("'unsafe-inline'") || (name === 'script-src' && sources.includes("'unsafe-eval'"))) {
      errors.push(`${name} allows ${sources.includes("'unsafe-inline'") ? "'unsafe-inline'" : "'unsafe-eval'"}`);
    }
    const needed = new Set(texts.map(sha256Source));
    const kept = sources.filter((source) => {
      const unused = /^'sha(256|384|512)-/.test(source) && !needed.has(source);
      if (unused) removed.push(`${name} ${source}`);
      return !unused;
    });
    for (const hash of needed) {
      if (!kept.includes(hash)) {
        kept.push(hash);
        added.push(`${name} ${hash}`);
      }
    }
    sources.splice(0, sources.length, ...kept);
  }
  if (added.length === 0 && removed.length === 0) return { html, added, removed, errors };
  const content = formatPolicy(policy).replace(/&/g, '&amp;').replace(/"/g, '&quot;');
  return {
    html: `${html.slice(0, location.startOffset)}content="${content}"${html.slice(location.endOffset)}`,
    added,
    removed,
    errors,
  };
}

/** Problems with a built page's policy: anything `completePageCsp` would add, remove or refuse. */
export function auditPageCsp(html: string): string[] {
  const { added, removed, errors } = completePageCsp(html);
  return [...errors, ...added.map((a) => `missing ${a}`), ...removed.map((r) => `unused ${r}`)];
}
