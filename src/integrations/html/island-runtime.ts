/**
 * Moves the island runtime Astro inlines into a page (the `astro-island` element, its
 * `display: contents` style and the hydration directives' scripts) from where Astro writes it,
 * just before the first island: the scripts to the end of <body>, the style to the end of <head>.
 * The first island is the header's account slot, in the middle of the header's row: a script
 * there, or an island element already defined (the parser runs its constructor), lets the browser
 * paint the row half parsed (the phone link alone at the right) and then move it when the rest
 * arrives, a layout shift on every page. At the end, the islands are parsed as plain elements and
 * upgraded once the whole page is in; the style, in <head>, lays them out from the first paint.
 * The content is unchanged, so the policy's hashes still hold.
 */

import { beforeStylesheet } from './before-stylesheet.ts';
import { AT_ONCE_DIRECTIVES } from './island-preload.ts';

/** The style Astro writes with its runtime. */
const RUNTIME_STYLE = '<style>astro-island,astro-slot,astro-static-slot{display:contents}</style>';
/** How Astro's inlined directive scripts define themselves: `(self.Astro||(self.Astro={})).<name>=`. */
const DIRECTIVE_DEFINITION = '(self.Astro||(self.Astro={})).';
/** An inline classic script: the runtime (defines `astro-island`) or a directive (sets `self.Astro.<name>`). */
const RUNTIME_SCRIPT = /<script>(?:(?!<\/script>)[\s\S])*?<\/script>/g;
const IS_RUNTIME = (script: string) =>
  script.includes('customElements.define("astro-island"') || script.includes(DIRECTIVE_DEFINITION);

/** Whether a script defines a directive that starts work of its own at once (island-preload.ts AT_ONCE_DIRECTIVES). */
const IS_AT_ONCE = (script: string) =>
  AT_ONCE_DIRECTIVES.some((name) => script.includes(`${DIRECTIVE_DEFINITION}${name}=`));

/**
 * The page with Astro's island scripts at the end of <body> and their style in <head>; a page
 * without islands is returned as is. A directive that starts work of its own as it is defined (the
 * owner's desk sends its first reads: docs/product/desk.md#owners-desk, "Loading") goes into <head>
 * instead, before the stylesheet: a classic script after it would wait for the stylesheet to load.
 */
export function hoistIslandRuntime(html: string): string {
  const headEnd = html.indexOf('</head>');
  const bodyEnd = html.lastIndexOf('</body>');
  if (headEnd < 0 || bodyEnd < headEnd || !html.includes('<astro-island')) return html;
  const scripts: string[] = [];
  const atOnce: string[] = [];
  const body = html
    .slice(headEnd, bodyEnd)
    .replace(RUNTIME_STYLE, '')
    .replace(RUNTIME_SCRIPT, (script) => {
      if (!IS_RUNTIME(script)) return script;
      (IS_AT_ONCE(script) ? atOnce : scripts).push(script);
      return '';
    });
  const style = html.includes(RUNTIME_STYLE) ? RUNTIME_STYLE : '';
  let head = html.slice(0, headEnd);
  if (atOnce.length > 0) head = beforeStylesheet(head, atOnce.join(''));
  return head + style + body + scripts.join('') + html.slice(bodyEnd);
}
