/**
 * The shell of the emulator's hosted pages: one small accessible document (lang, headings,
 * labels, visible focus), no external assets and no script, with a Content-Security-Policy that
 * allows its one inline style and the origins its forms may redirect to.
 */
import { createHash } from 'node:crypto';

const STYLE = `
:root { color-scheme: light; font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; line-height: 1.5; color: #1a1f36; background: #f6f8fa; }
body { margin: 0; }
.bar { background: #fff4d6; border-bottom: 1px solid #e8c15a; padding: .5rem 1rem; font-size: .875rem; text-align: center; }
.bar p { margin: 0; }
main { max-width: 60rem; margin: 0 auto; padding: 1.5rem 1rem 3rem; }
.layout { display: grid; gap: 2rem; grid-template-columns: repeat(auto-fit, minmax(min(100%, 22rem), 1fr)); }
section, article { background: #fff; border: 1px solid #d8dee4; border-radius: .75rem; padding: 1.25rem 1.5rem; }
h1 { font-size: 1.5rem; margin: 0 0 .5rem; }
h2 { font-size: 1.125rem; margin: 0 0 .75rem; }
h3 { font-size: 1rem; margin: 0 0 .25rem; }
.merchant { color: #4f566b; margin: 0 0 .25rem; }
.amount { font-size: 2rem; font-weight: 700; margin: 0 0 1rem; }
.amount span { font-size: 1rem; font-weight: 400; color: #4f566b; }
ul.lines { list-style: none; padding: 0; margin: 0 0 1rem; }
ul.lines li { display: flex; justify-content: space-between; gap: 1rem; padding: .5rem 0; border-bottom: 1px solid #eef1f4; }
.muted { color: #4f566b; font-size: .875rem; }
dl { display: grid; grid-template-columns: auto 1fr; gap: .25rem 1rem; margin: 0 0 1rem; }
dt { color: #4f566b; }
dd { margin: 0; font-weight: 600; }
label { display: block; font-weight: 600; margin: 1rem 0 .25rem; }
input { box-sizing: border-box; width: 100%; font: inherit; padding: .625rem .75rem; border: 1px solid #8792a2; border-radius: .5rem; background: #fff; color: inherit; }
input[aria-invalid="true"] { border-color: #b3261e; }
.row { display: grid; grid-template-columns: 1fr 1fr; gap: 1rem; }
.field-error { color: #b3261e; margin: .25rem 0 0; font-size: .875rem; }
.alert { border: 1px solid #b3261e; background: #fdecea; color: #7a1a14; border-radius: .5rem; padding: .75rem 1rem; margin: 0 0 1rem; }
.notice { border: 1px solid #2e7d32; background: #edf7ee; color: #1b4d1e; border-radius: .5rem; padding: .75rem 1rem; margin: 0 0 1rem; }
button { font: inherit; font-weight: 600; border: 0; border-radius: .5rem; padding: .75rem 1.25rem; background: #0a58ca; color: #fff; cursor: pointer; }
button.primary { width: 100%; margin-top: 1.5rem; }
button.secondary { background: #fff; color: #b3261e; border: 1px solid #b3261e; }
a { color: #0a58ca; }
a:focus-visible, button:focus-visible, input:focus-visible { outline: 3px solid #1d4ed8; outline-offset: 2px; }
table { width: 100%; border-collapse: collapse; }
th, td { text-align: left; padding: .5rem .25rem; border-bottom: 1px solid #eef1f4; }
.stack > * + * { margin-top: 1rem; }
@media (prefers-reduced-motion: no-preference) { a, button { transition: background-color .15s; } }
`;

const STYLE_HASH = createHash('sha256').update(STYLE).digest('base64');

/** Escapes text for HTML content and attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** "$39.00" for 3900 cents of `currency`. */
export function formatMoney(cents: number, currency: string): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).format(cents / 100);
}

/** "December 22, 2026" for unix seconds (UTC, as the emulator bills). */
export function formatDate(seconds: number): string {
  return new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(seconds * 1000));
}

/** The origin of an absolute URL, or null. */
export function originOf(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/** A complete hosted page. `formTargets` are origins a form on it may be redirected to. */
export function htmlPage(
  status: number,
  title: string,
  content: string,
  formTargets: readonly (string | null)[] = [],
): Response {
  const targets = [...new Set(formTargets.filter((t): t is string => Boolean(t)))];
  const csp = [
    "default-src 'none'",
    `style-src 'sha256-${STYLE_HASH}'`,
    `form-action 'self'${targets.map((t) => ` ${t}`).join('')}`,
    "frame-ancestors 'none'",
    "base-uri 'none'",
  ].join('; ');
  const body = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<header class="bar"><p>Test mode: a local emulator of Stripe. No real card is charged.</p></header>
<main>
${content}
</main>
</body>
</html>
`;
  return new Response(body, {
    status,
    headers: {
      'Content-Type': 'text/html; charset=utf-8',
      'Cache-Control': 'no-store',
      'Content-Security-Policy': csp,
      'Referrer-Policy': 'no-referrer',
    },
  });
}

/** A redirect after a form POST (303, so the browser follows with GET). */
export function seeOther(location: string): Response {
  return new Response(null, { status: 303, headers: { Location: location, 'Cache-Control': 'no-store' } });
}
