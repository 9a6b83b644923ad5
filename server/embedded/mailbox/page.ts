/** The HTML of the local mailbox page: every mail, newest first, with its links clickable. */

/** A mail as the mailbox lists it. */
export interface StoredMail {
  id: number;
  to: string;
  subject: string;
  text: string;
  /** The http(s) links in the text, in order (what tests follow). */
  links: string[];
  sentAt: string;
}

const URL_PATTERN = /https?:\/\/[^\s<>"']+/g;

/** The http(s) links of a plain-text body. */
export function linksIn(text: string): string[] {
  return text.match(URL_PATTERN) ?? [];
}

/** Text made safe to place in HTML. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** A plain-text body as HTML: escaped, with its links made anchors. */
export function bodyHtml(text: string): string {
  let html = '';
  let last = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    const url = match[0];
    html += `${escapeHtml(text.slice(last, match.index))}<a href="${escapeHtml(url)}">${escapeHtml(url)}</a>`;
    last = match.index + url.length;
  }
  return html + escapeHtml(text.slice(last));
}

function mailHtml(mail: StoredMail): string {
  return `<article>
  <h2>${escapeHtml(mail.subject)}</h2>
  <p class="meta">To <strong>${escapeHtml(mail.to)}</strong> · <time datetime="${escapeHtml(mail.sentAt)}">${escapeHtml(mail.sentAt.replace('T', ' ').replace(/\.\d+Z$/, ' UTC'))}</time></p>
  <div class="body">${bodyHtml(mail.text)}</div>
</article>`;
}

/** The whole page for `mails` (already newest first). */
export function renderMailboxPage(mails: readonly StoredMail[]): string {
  const list = mails.length
    ? mails.map(mailHtml).join('\n')
    : '<p class="empty">No mail yet. Sign up on the site and the confirmation mail appears here.</p>';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<title>Local mailbox (${mails.length})</title>
<style>
  body { font: 16px/1.5 system-ui, sans-serif; margin: 0 auto; max-width: 48rem; padding: 1rem; color: #1f2937; }
  header p { color: #4b5563; }
  article { border: 1px solid #d1d5db; border-radius: 0.5rem; padding: 0 1rem 1rem; margin: 1rem 0; }
  h2 { font-size: 1.125rem; margin: 1rem 0 0.25rem; }
  .meta { color: #4b5563; margin: 0 0 0.75rem; font-size: 0.875rem; }
  .body { white-space: pre-wrap; overflow-wrap: anywhere; }
  a { color: #1d4ed8; }
</style>
</head>
<body>
<header>
  <h1>Local mailbox</h1>
  <p>Mail sent by the local auth emulator, newest first. Nothing leaves this machine. <a href="/_dev/mail.json">As JSON</a></p>
</header>
<main>
${list}
</main>
</body>
</html>
`;
}
