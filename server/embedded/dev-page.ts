/**
 * The shell of every page the embedded default serves itself (the mailbox, the lead list, the
 * texts at /_dev/sms, the Stripe emulator's hosted checkout and billing pages): one small accessible document with no
 * external asset and no script, one stylesheet, and escaping for what goes in it.
 *
 * These answers carry their own Content-Security-Policy instead of the functions' (which allows
 * nothing to load, so it blocked the inline stylesheet): the one stylesheet is allowed by its
 * hash, and nothing else may load.
 */
import { createHash } from 'node:crypto';
import { escapeHtml } from '../../src/lib/html.ts';

const STYLE = `
:root { color-scheme: light; font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; line-height: 1.5; color: #1a1f36; background: #f6f8fa; }
body { margin: 0; }
.bar { background: #fff4d6; border-bottom: 1px solid #e8c15a; padding: .5rem 1rem; font-size: .875rem; text-align: center; }
.bar p { margin: 0; }
main { max-width: 60rem; margin: 0 auto; padding: 1.5rem 1rem 3rem; }
main.wide { max-width: 90rem; }
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
.text { white-space: pre-wrap; overflow-wrap: anywhere; margin: 0; }
dl { display: grid; grid-template-columns: auto 1fr; gap: .25rem 1rem; margin: 0 0 1rem; }
dt { color: #4f566b; }
dd { margin: 0; font-weight: 600; overflow-wrap: anywhere; }
dl.headers { grid-template-columns: 1fr; gap: 0; }
dl.headers dd { font-weight: 400; font-family: ui-monospace, monospace; font-size: .875rem; margin-bottom: .5rem; }
td dl { margin: 0; }
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
.scroll { overflow-x: auto; }
table { width: 100%; border-collapse: collapse; }
th, td { text-align: left; vertical-align: top; padding: .5rem .25rem; border-bottom: 1px solid #eef1f4; }
.stack > * + * { margin-top: 1rem; }
@media (prefers-reduced-motion: no-preference) { a, button { transition: background-color .15s; } }
`;

const STYLE_HASH = createHash('sha256').update(STYLE).digest('base64');

/** "2026-03-01 12:00:00 UTC" for an ISO timestamp, escaped. */
export function formatUtc(iso: string): string {
  return escapeHtml(iso.replace('T', ' ').replace(/\.\d+Z$/, ' UTC'));
}

/** What a dev page shows. */
export interface DevPageContent {
  /** The document title (plain text; escaped here). */
  title: string;
  /** The inside of <main>, already HTML. */
  content: string;
  /** A notice above the page, plain text (e.g. that this is a test-mode emulator). */
  banner?: string;
  /** Lets <main> use the width of the window (tables with many columns). */
  wide?: boolean;
}

/** The whole HTML document of a dev page. */
export function renderDevPage({ title, content, banner, wide = false }: DevPageContent): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
${banner ? `<header class="bar"><p>${escapeHtml(banner)}</p></header>\n` : ''}<main${wide ? ' class="wide"' : ''}>
${content}
</main>
</body>
</html>
`;
}

/**
 * The policy of a dev page: its stylesheet and nothing else may load; its forms may post to
 * itself and to `formTargets` (origins a form is redirected to, e.g. the site after checkout).
 */
export function devPageCsp(formTargets: readonly (string | null)[] = []): string {
  const targets = [...new Set(formTargets.filter((t): t is string => Boolean(t)))];
  return [
    "default-src 'none'",
    `style-src 'sha256-${STYLE_HASH}'`,
    `form-action 'self'${targets.map((t) => ` ${t}`).join('')}`,
    "frame-ancestors 'none'",
    "base-uri 'none'",
  ].join('; ');
}

/** How a dev page is answered. */
export interface DevPageAnswer {
  status?: number;
  /** Origins the page's forms may be redirected to (see devPageCsp). */
  formTargets?: readonly (string | null)[];
}

/** A dev page's HTML as an answer: never cached, never indexed, styled within its own policy. */
export function devPageResponse(html: string, { status = 200, formTargets = [] }: DevPageAnswer = {}): Response {
  return new Response(html, {
    status,
    headers: {
      'Content-Type': 'text/html; charset=utf-8',
      'Cache-Control': 'no-store',
      'Content-Security-Policy': devPageCsp(formTargets),
      'Referrer-Policy': 'no-referrer',
      'X-Robots-Tag': 'noindex, nofollow',
    },
  });
}
