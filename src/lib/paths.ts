/**
 * The one URL form of the site (`trailingSlash: 'never'`, pages built as `page.html`):
 * no trailing slash, no `.html`, no `/index`, and a single leading slash.
 * Shared core: Node loads it directly from server/ and astro.config.mjs, so relative imports
 * with the extension only.
 */
export function normalizePath(pathname: string): string {
  const path = pathname
    .replace(/^\/+/, '/')
    .replace(/\.html$/, '')
    .replace(/\/index$/, '')
    .replace(/\/+$/, '');
  return path || '/';
}
