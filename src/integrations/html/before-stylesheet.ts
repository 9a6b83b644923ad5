/**
 * Moves each inline script a page marks `data-before-stylesheet` from where it was written into
 * <head>, just before the stylesheet link (after the page's policy, which must come first). Such a
 * script decides at once whether the page is wanted at all: signed-out /account leaves for /auth
 * before asking for the stylesheet, which it would otherwise fetch and then fetch again on /auth
 * (docs/product/accounts.md#account-page; 0.15 s of LCP in Lighthouse's runs). The mark is removed; the
 * content is unchanged, so the policy's hash still holds.
 */

const MARKED = /<script data-before-stylesheet>((?:(?!<\/script>)[\s\S])*)<\/script>/g;
const STYLESHEET = '<link rel="stylesheet"';

/**
 * `head` (a page's text up to its `</head>`) with `tags` just before its stylesheet link, or at its
 * end without one: where a script that must run before the stylesheet is asked for goes (this pass,
 * and the owner's desk directive in ./island-runtime.ts).
 */
export function beforeStylesheet(head: string, tags: string): string {
  const stylesheet = head.indexOf(STYLESHEET);
  const at = stylesheet < 0 ? head.length : stylesheet;
  return head.slice(0, at) + tags + head.slice(at);
}

/** The page with its marked scripts, in order, before its stylesheet; a page without any as is. */
export function scriptsBeforeStylesheet(html: string): string {
  const moved: string[] = [];
  const rest = html.replace(MARKED, (_script, code: string) => {
    moved.push(`<script>${code}</script>`);
    return '';
  });
  if (moved.length === 0) return html;
  const headEnd = rest.indexOf('</head>');
  if (headEnd < 0) throw new Error('a script marked data-before-stylesheet is on a page without <head>');
  return beforeStylesheet(rest.slice(0, headEnd), moved.join('')) + rest.slice(headEnd);
}
