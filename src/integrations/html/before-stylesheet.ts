/**
 * Moves each inline script a page marks `data-before-stylesheet` from where it was written into
 * <head>, just before the stylesheet link (after the page's policy, which must come first). Such a
 * script decides at once whether the page is wanted at all: signed-out /account leaves for /auth
 * before asking for the stylesheet, which it would otherwise fetch and then fetch again on /auth
 * (docs/product.md#account-page; 0.15 s of LCP in Lighthouse's runs). The mark is removed; the
 * content is unchanged, so the policy's hash still holds.
 */

const MARKED = /<script data-before-stylesheet>((?:(?!<\/script>)[\s\S])*)<\/script>/g;
const STYLESHEET = '<link rel="stylesheet"';

/** The page with its marked scripts, in order, before its stylesheet; a page without any as is. */
export function scriptsBeforeStylesheet(html: string): string {
  const headEnd = html.indexOf('</head>');
  const moved: string[] = [];
  const rest = html.replace(MARKED, (_script, code: string) => {
    moved.push(`<script>${code}</script>`);
    return '';
  });
  if (moved.length === 0) return html;
  const stylesheet = rest.indexOf(STYLESHEET);
  const at = stylesheet >= 0 && stylesheet < headEnd ? stylesheet : rest.indexOf('</head>');
  if (at < 0) throw new Error('a script marked data-before-stylesheet is on a page without <head>');
  return rest.slice(0, at) + moved.join('') + rest.slice(at);
}
