/**
 * Makes the built pages pass html-validate's recommended rules (.htmlvalidate.json, docs/build.md)
 * where the markup comes from a tool rather than from our templates:
 *
 * - React's server renderer writes an attribute as its JSX prop is spelled (`autoComplete`,
 *   `inputMode`, `noValidate`), relying on HTML attribute names being case-insensitive. The islands
 *   Astro renders at build time put those camel-case names into the static HTML. Every attribute of
 *   an HTML element is written in lower case here (SVG and MathML keep theirs, e.g. `viewBox`): the
 *   browser reads the same attribute either way, so hydration sees no difference.
 * - A `<noscript><style>` written inside a component (the rules a reader without JavaScript needs)
 *   ends up in the body, where `<style>` is not allowed; it moves to the end of `<head>`, where a
 *   `<noscript>` may hold it. Its text is unchanged, so its hash in the page policy still holds.
 *
 * Only names are rewritten and whole elements moved; no script or style changes.
 */
import { html as spec, parse, type DefaultTreeAdapterTypes } from 'parse5';

type Node = DefaultTreeAdapterTypes.ChildNode | DefaultTreeAdapterTypes.Document;
type Element = DefaultTreeAdapterTypes.Element;

function isElement(node: Node): node is Element {
  return 'tagName' in node;
}

function* elements(node: Node): Generator<Element> {
  if (isElement(node)) yield node;
  const children =
    node.nodeName === 'template'
      ? (node as DefaultTreeAdapterTypes.Template).content.childNodes
      : 'childNodes' in node
        ? node.childNodes
        : [];
  for (const child of children) yield* elements(child);
}

/** The page with every attribute name of an HTML element in lower case, and body `<noscript><style>` moved to the head. */
export function validMarkup(html: string): string {
  const document = parse(html, { sourceCodeLocationInfo: true });
  const edits: { start: number; end: number; text: string }[] = [];
  const moved: string[] = [];
  let headEnd: number | undefined;
  for (const element of elements(document)) {
    const location = element.sourceCodeLocation;
    if (!location) continue;
    if (element.tagName === 'head') headEnd = location.endTag?.startOffset;
    if (element.namespaceURI === spec.NS.HTML) {
      for (const attr of element.attrs) {
        const at = location.attrs?.[attr.name];
        if (!at) continue;
        const written = html.slice(at.startOffset, at.startOffset + attr.name.length);
        if (written !== written.toLowerCase()) {
          edits.push({ start: at.startOffset, end: at.startOffset + attr.name.length, text: written.toLowerCase() });
        }
      }
    }
    const inBody = element.tagName === 'noscript' && element.parentNode && element.parentNode.nodeName !== 'head';
    if (inBody && /^\s*<style[\s>]/.test(html.slice(location.startTag?.endOffset ?? 0, location.endOffset))) {
      moved.push(html.slice(location.startOffset, location.endOffset));
      edits.push({ start: location.startOffset, end: location.endOffset, text: '' });
    }
  }
  if (moved.length > 0 && headEnd !== undefined) edits.push({ start: headEnd, end: headEnd, text: moved.join('') });
  let out = html;
  for (const edit of edits.sort((a, b) => b.start - a.start)) {
    out = out.slice(0, edit.start) + edit.text + out.slice(edit.end);
  }
  return out;
}
