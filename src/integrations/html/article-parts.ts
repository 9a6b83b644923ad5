/**
 * Groups the text of a long page into its sections, so that the browser draws only those near the
 * reader (src/lib/article-parts.ts; `.article-part` in src/styles/global.css:
 * `content-visibility: auto`; docs/product/performance.md "Performance decisions"). In an element marked
 * `data-parts` (the article body), every `<h2>` child starts a `<div class="article-part">` that
 * runs to the next `<h2>` child or the end; what comes before the first `<h2>` (the introduction,
 * near the first screen) is left as it is.
 *
 * Containment makes a section the frame of anything `position: fixed` inside it, so a section
 * holding an element marked `data-fixed` (a button fixed to the screen) is left unwrapped.
 *
 * Runs on the built pages: the article's Markdown is rendered by Astro's MDX pipeline, whose
 * plugins see one document at a time; here the whole body is in view. Only tags are inserted, so
 * the inline scripts' and styles' hashes (src/integrations/html/page-csp.ts) still hold.
 */
import { parse, type DefaultTreeAdapterTypes } from 'parse5';
import { ARTICLE_PART_CLASS } from '../../lib/article-parts.ts';

type Element = DefaultTreeAdapterTypes.Element;
type Node = DefaultTreeAdapterTypes.ChildNode;

const OPEN = `<div class="${ARTICLE_PART_CLASS}">`;
const CLOSE = '</div>';

function isElement(node: Node): node is Element {
  return 'tagName' in node;
}

function hasAttr(element: Element, name: string): boolean {
  return element.attrs.some((attr) => attr.name === name);
}

/** The `data-parts` elements of the document, outermost first. */
function containers(node: DefaultTreeAdapterTypes.ParentNode, found: Element[] = []): Element[] {
  for (const child of node.childNodes) {
    if (!isElement(child)) continue;
    if (hasAttr(child, 'data-parts')) found.push(child);
    else if (child.tagName !== 'template') containers(child, found);
  }
  return found;
}

function holdsFixed(nodes: readonly Node[]): boolean {
  return nodes.some((node) => isElement(node) && (hasAttr(node, 'data-fixed') || holdsFixed(node.childNodes)));
}

/** `html` with each `data-parts` element's `<h2>` sections wrapped; a page without one is returned as is. */
export function wrapArticleParts(html: string): string {
  if (!html.includes('data-parts')) return html;
  const document = parse(html, { sourceCodeLocationInfo: true });
  /** Offsets in `html` where a tag is inserted, with the tag. */
  const inserts: { at: number; tag: string }[] = [];
  for (const container of containers(document)) {
    const end = container.sourceCodeLocation?.endTag?.startOffset;
    if (end === undefined) throw new Error('a data-parts element has no end tag in the page');
    const children = container.childNodes;
    const starts = children.flatMap((child, index) => (isElement(child) && child.tagName === 'h2' ? [index] : []));
    starts.forEach((start, n) => {
      const next = starts[n + 1];
      const section = children.slice(start, next);
      if (holdsFixed(section)) return;
      const from = children[start]!.sourceCodeLocation!.startOffset;
      const to = next === undefined ? end : children[next]!.sourceCodeLocation!.startOffset;
      inserts.push({ at: from, tag: OPEN }, { at: to, tag: CLOSE });
    });
  }
  // From the end, so that earlier offsets stay true; a close goes before an open at the same place.
  inserts.sort((a, b) => b.at - a.at || (a.tag === CLOSE ? 1 : -1));
  let out = html;
  for (const { at, tag } of inserts) out = out.slice(0, at) + tag + out.slice(at);
  return out;
}
