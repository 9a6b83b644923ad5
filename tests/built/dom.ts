/**
 * The built pages in dist/ read as files with parse5, and the few queries the tests of tests/built
 * ask of them, worded as the browser tests word theirs: an element by its role and accessible name,
 * its text as Playwright reads it (the text content, white space squashed), its JSON-LD. What needs
 * a browser (styles, layout, scripts) is not here: those checks stay in tests/e2e.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { parse, type DefaultTreeAdapterMap } from 'parse5';
import { BUILT_PAGES, DIST } from '../e2e/pages';

export { DIST };

/** A parsed element. */
export type Element = DefaultTreeAdapterMap['element'];
type Node = DefaultTreeAdapterMap['node'];

/** One built page: where it is served, its file, its HTML and its parsed document. */
export interface BuiltPage {
  readonly path: string;
  readonly file: string;
  readonly html: string;
  readonly document: DefaultTreeAdapterMap['document'];
}

const cache = new Map<string, BuiltPage>();

/** The built page served at `path` (`/`, `/services`, `/no-such-page` for the not-found page). */
export function builtPage(path: string): BuiltPage {
  const cached = cache.get(path);
  if (cached) return cached;
  const entry = BUILT_PAGES.find((p) => p.path === path);
  if (!entry) throw new Error(`${path} is not a page in dist/: run npm run build first`);
  const html = readFileSync(join(DIST, entry.file), 'utf8');
  const page = { path, file: entry.file, html, document: parse(html) };
  cache.set(path, page);
  return page;
}

/** Every built page, parsed. */
export function builtPages(): BuiltPage[] {
  return BUILT_PAGES.map(({ path }) => builtPage(path));
}

/**
 * Whether the server has a file for a site-relative link (`/`, `/services`, `/blog/x`,
 * `/downloads/x.pdf`), as server/static.ts maps paths: the file itself, `<path>.html` or
 * `<path>/index.html`.
 */
export function servedFile(href: string): boolean {
  const path = decodeURIComponent(href.split('#')[0]?.split('?')[0] || '/');
  const base = join(DIST, path);
  const isFile = (file: string) => existsSync(file) && statSync(file).isFile();
  return isFile(base) || isFile(`${base}.html`) || isFile(join(base, 'index.html'));
}

/** The value of an attribute, or undefined. */
export function attr(element: Element, name: string): string | undefined {
  return element.attrs.find((a) => a.name === name)?.value;
}

function isElement(node: Node): node is Element {
  return 'tagName' in node;
}

function children(node: Node): Node[] {
  return 'childNodes' in node ? node.childNodes : [];
}

/** The text content of a node (scripts and styles left out), white space not yet squashed. */
function textContent(node: Node): string {
  if (node.nodeName === '#text') return (node as DefaultTreeAdapterMap['textNode']).value;
  if (node.nodeName === 'script' || node.nodeName === 'style') return '';
  return children(node).map(textContent).join('');
}

/** White space squashed as Playwright's text assertions squash it. */
export function squash(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** An element's text as Playwright's toHaveText and toContainText read it. */
export function text(node: Node): string {
  return squash(textContent(node));
}

/** Every element under `root` (itself excluded) for which `test` holds, in document order. */
export function all(root: Node, test: (element: Element) => boolean): Element[] {
  const found: Element[] = [];
  const walk = (node: Node) => {
    for (const child of children(node)) {
      if (!isElement(child)) continue;
      if (test(child)) found.push(child);
      walk(child);
    }
  };
  walk(root);
  return found;
}

/** The elements of these tag names under `root`. */
export function byTag(root: Node, ...tags: string[]): Element[] {
  return all(root, (el) => tags.includes(el.tagName));
}

/** The element with this id, anywhere in the page. */
export function byId(page: BuiltPage, id: string): Element | undefined {
  return all(page.document, (el) => attr(el, 'id') === id)[0];
}

/** The parent element of `element`. */
export function parentOf(element: Element): Element | undefined {
  const parent = element.parentNode;
  return parent && isElement(parent) ? parent : undefined;
}

function ancestorsAndSelf(element: Element): Element[] {
  const chain: Element[] = [];
  for (let el: Element | undefined = element; el; el = parentOf(el)) chain.push(el);
  return chain;
}

/** Whether `element` is inside `container` (or is it). */
export function within(element: Element, container: Element): boolean {
  return ancestorsAndSelf(element).includes(container);
}

/**
 * Whether the markup leaves the element out of the accessibility tree, as Playwright's role
 * queries leave hidden elements out: a `hidden` or `aria-hidden="true"` on it or around it.
 */
function hiddenFromRoles(element: Element): boolean {
  return ancestorsAndSelf(element).some((el) => attr(el, 'hidden') !== undefined || attr(el, 'aria-hidden') === 'true');
}

/**
 * Whether the markup shows the element: nothing on it or around it says `hidden`,
 * `aria-hidden="true"`, `display: none`, or a class that hides it at every width (`hidden`,
 * `sr-only`, `invisible`, with or without a breakpoint). How it is then drawn is the browser's
 * (the e2e specs and the accessibility sweep).
 */
export function shownByMarkup(element: Element): boolean {
  return !ancestorsAndSelf(element).some(
    (el) =>
      attr(el, 'hidden') !== undefined ||
      attr(el, 'aria-hidden') === 'true' ||
      /display:\s*none/.test(attr(el, 'style') ?? '') ||
      (attr(el, 'class') ?? '').split(/\s+/).some((c) => /(^|:)(hidden|sr-only|invisible)$/.test(c)),
  );
}

const HEADING = /^h([1-6])$/;
const LANDMARK_SCOPES = ['article', 'aside', 'main', 'nav', 'section'];

/** The element's role: its `role` attribute, else the implicit role of the few tags these tests ask for. */
export function roleOf(element: Element): string | undefined {
  const explicit = attr(element, 'role');
  if (explicit) return explicit.split(/\s+/)[0];
  const tag = element.tagName;
  if (HEADING.test(tag)) return 'heading';
  switch (tag) {
    case 'a':
      return attr(element, 'href') === undefined ? undefined : 'link';
    case 'button':
      return 'button';
    case 'nav':
      return 'navigation';
    case 'main':
      return 'main';
    case 'article':
      return 'article';
    // A section or a form is a landmark only when its author names it.
    case 'section':
      return authorName(element) ? 'region' : undefined;
    case 'form':
      return authorName(element) ? 'form' : undefined;
    case 'header':
      return ancestorsAndSelf(element)
        .slice(1)
        .some((el) => LANDMARK_SCOPES.includes(el.tagName))
        ? undefined
        : 'banner';
    case 'footer':
      return ancestorsAndSelf(element)
        .slice(1)
        .some((el) => LANDMARK_SCOPES.includes(el.tagName))
        ? undefined
        : 'contentinfo';
    case 'ul':
    case 'ol':
      return 'list';
    case 'li':
      return 'listitem';
    case 'table':
      return 'table';
    case 'tr':
      return 'row';
    case 'td':
      return 'cell';
    case 'th': {
      const scope = attr(element, 'scope');
      if (scope === 'row') return 'rowheader';
      if (scope === 'col' || ancestorsAndSelf(element).some((el) => el.tagName === 'thead')) return 'columnheader';
      return 'rowheader';
    }
    case 'dt':
      return 'term';
    case 'dd':
      return 'definition';
    case 'img':
      return 'img';
    case 'select':
      return 'combobox';
    case 'fieldset':
      return 'group';
    case 'input': {
      const type = attr(element, 'type') ?? 'text';
      if (type === 'checkbox' || type === 'radio') return type;
      if (type === 'range') return 'slider';
      if (type === 'number') return 'spinbutton';
      return ['text', 'email', 'tel', 'search', 'url'].includes(type) ? 'textbox' : undefined;
    }
    case 'textarea':
      return 'textbox';
    default:
      return undefined;
  }
}

/** Text for a name computed from content: aria-hidden parts left out, an image by its alt. */
function nameFromContent(node: Node): string {
  if (node.nodeName === '#text') return (node as DefaultTreeAdapterMap['textNode']).value;
  if (!isElement(node)) return '';
  if (node.tagName === 'script' || node.tagName === 'style' || attr(node, 'aria-hidden') === 'true') return '';
  if (node.tagName === 'img') return attr(node, 'alt') ?? '';
  const label = attr(node, 'aria-label');
  if (label) return ` ${label} `;
  return children(node).map(nameFromContent).join('');
}

const NAMED_BY_CONTENT = new Set([
  'heading',
  'link',
  'button',
  'cell',
  'columnheader',
  'rowheader',
  'row',
  'term',
  'definition',
  'listitem',
  'tab',
  'option',
  'menuitem',
]);

function documentOf(element: Element): Node {
  let node: Node = element;
  while ('parentNode' in node && node.parentNode) node = node.parentNode;
  return node;
}

/** The name an author gave an element (aria-labelledby, then aria-label), or ''. */
function authorName(element: Element): string {
  const labelledBy = attr(element, 'aria-labelledby');
  if (labelledBy) {
    const root = documentOf(element);
    return squash(
      labelledBy
        .split(/\s+/)
        .map((id) => all(root, (el) => attr(el, 'id') === id)[0])
        .map((el) => (el ? nameFromContent(el) : ''))
        .join(' '),
    );
  }
  return squash(attr(element, 'aria-label') ?? '');
}

/** The accessible name of an element, for the cases these tests meet. */
export function accessibleName(element: Element): string {
  const given = authorName(element);
  if (given) return given;
  const tag = element.tagName;
  if (tag === 'img') return squash(attr(element, 'alt') ?? '');
  if (tag === 'table') {
    const caption = byTag(element, 'caption')[0];
    return caption ? text(caption) : '';
  }
  if (tag === 'fieldset') {
    const legend = byTag(element, 'legend')[0];
    return legend ? text(legend) : '';
  }
  if (['input', 'select', 'textarea'].includes(tag)) {
    const id = attr(element, 'id');
    const root = documentOf(element);
    const label =
      (id && all(root, (el) => el.tagName === 'label' && attr(el, 'for') === id)[0]) ||
      ancestorsAndSelf(element).find((el) => el.tagName === 'label');
    return label ? squash(nameFromContent(label)) : '';
  }
  const role = roleOf(element);
  return role && NAMED_BY_CONTENT.has(role) ? squash(nameFromContent(element)) : '';
}

/** What getByRole's `name` matches: a string as a case-insensitive part (or whole, with exact), or a pattern. */
function nameMatches(name: string, wanted: string | RegExp, exact: boolean): boolean {
  if (wanted instanceof RegExp) return wanted.test(name);
  return exact ? name === wanted : name.toLowerCase().includes(wanted.toLowerCase());
}

/** The options of byRole, as Playwright's getByRole takes them. */
export interface RoleOptions {
  readonly name?: string | RegExp;
  readonly exact?: boolean;
  readonly level?: number;
}

/** The elements under `root` with this role (and name, and heading level), hidden ones left out. */
export function byRole(root: Node, role: string, options: RoleOptions = {}): Element[] {
  return all(root, (el) => {
    if (roleOf(el) !== role || hiddenFromRoles(el)) return false;
    if (options.level !== undefined) {
      const level = attr(el, 'aria-level') ?? HEADING.exec(el.tagName)?.[1];
      if (Number(level) !== options.level) return false;
    }
    return options.name === undefined || nameMatches(accessibleName(el), options.name, options.exact ?? false);
  });
}

/** The one element under `root` with this role and name; fails, naming what was asked, unless there is exactly one. */
export function oneByRole(root: Node, role: string, options: RoleOptions = {}): Element {
  const found = byRole(root, role, options);
  if (found.length !== 1) {
    throw new Error(
      `expected one ${role} ${JSON.stringify({ ...options, name: String(options.name) })}, found ${found.length}`,
    );
  }
  return found[0]!;
}

/** The elements whose text is exactly `wanted` (squashed), as getByText with exact: true finds them. */
export function byExactText(root: Node, wanted: string): Element[] {
  return all(root, (el) => text(el) === wanted);
}

/** The hrefs of links under `root`. */
export function hrefs(links: readonly Element[]): (string | undefined)[] {
  return links.map((a) => attr(a, 'href'));
}

/** The content of a `<meta>` found by its name or property. */
export function meta(page: BuiltPage, key: string): string | undefined {
  const tag = byTag(page.document, 'meta').find((m) => attr(m, 'name') === key || attr(m, 'property') === key);
  return tag ? attr(tag, 'content') : undefined;
}

/** The page's `<title>`. */
export function title(page: BuiltPage): string {
  const tag = byTag(page.document, 'title')[0];
  return tag ? text(tag) : '';
}

/** The href of the page's canonical link. */
export function canonical(page: BuiltPage): string | undefined {
  const link = byTag(page.document, 'link').find((l) => attr(l, 'rel') === 'canonical');
  return link ? attr(link, 'href') : undefined;
}

/** The top-level JSON-LD blocks of the page, in order. */
export function jsonLd(page: BuiltPage): Record<string, unknown>[] {
  return byTag(page.document, 'script')
    .filter((s) => attr(s, 'type') === 'application/ld+json')
    .map((s) => JSON.parse(textContent(s.childNodes[0] ?? s)) as Record<string, unknown>);
}

/**
 * The innermost elements whose text holds `wanted`, as getByText finds them: a string as a
 * case-insensitive part of the squashed text, or a pattern.
 */
export function byText(root: Node, wanted: string | RegExp): Element[] {
  const holds = (el: Element) =>
    wanted instanceof RegExp ? wanted.test(text(el)) : text(el).toLowerCase().includes(wanted.toLowerCase());
  return all(root, (el) => holds(el) && !children(el).some((child) => isElement(child) && holds(child)));
}

/** Whether some element under `root` with this text (as byText finds it) is shown by the markup. */
export function showsText(root: Node, wanted: string | RegExp): boolean {
  return byText(root, wanted).some(shownByMarkup);
}
