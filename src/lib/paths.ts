/**
 * The one URL form of the site (`trailingSlash: 'never'`, pages built as `page.html`):
 * no trailing slash, no `.html`, no `/index`, and a single leading slash.
 * Imported by the server too, so it uses no path aliases.
 */
export function normalizePath(pathname: string): string {
  const path = pathname
    .replace(/^\/+/, '/')
    .replace(/\.html$/, '')
    .replace(/\/index$/, '')
    .replace(/\/+$/, '');
  return path || '/';
}
