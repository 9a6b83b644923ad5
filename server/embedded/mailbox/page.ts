/** The HTML of the local mailbox page: every mail, newest first, with its links clickable. */
import { escapeHtml } from '../../../src/lib/html.ts';
import { formatUtc, renderDevPage } from '../dev-page.ts';

/** A file that came with a mail: text kept as text (a calendar file), anything else as base64. */
export interface StoredAttachment {
  filename: string;
  contentType: string;
  size: number;
  content: string;
}

/** A mail as the mailbox lists it. */
export interface StoredMail {
  id: number;
  to: string;
  subject: string;
  text: string;
  /** The HTML body of a mail sent over SMTP, if it had one. */
  html: string | null;
  attachments: StoredAttachment[];
  /** Its headers, name -> values in the order sent (as Mailpit lists them). */
  headers: Record<string, string[]>;
  /** The http(s) links in the text, in order (what tests follow). */
  links: string[];
  sentAt: string;
}

const URL_PATTERN = /https?:\/\/[^\s<>"']+/g;

/** The http(s) links of a plain-text body. */
export function linksIn(text: string): string[] {
  return text.match(URL_PATTERN) ?? [];
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
  <p class="muted">To <strong>${escapeHtml(mail.to)}</strong> · <time datetime="${escapeHtml(mail.sentAt)}">${formatUtc(mail.sentAt)}</time></p>
  <p class="text">${bodyHtml(mail.text)}</p>
  ${
    mail.attachments.length
      ? `<p class="muted">Attached: ${mail.attachments.map((a) => `${escapeHtml(a.filename)} (${escapeHtml(a.contentType.split(';')[0] ?? '')}, ${a.size} bytes)`).join(', ')}</p>`
      : ''
  }
  <details><summary>Headers</summary><dl class="headers">${Object.entries(mail.headers)
    .flatMap(([name, values]) => values.map((value) => `<dt>${escapeHtml(name)}</dt><dd>${escapeHtml(value)}</dd>`))
    .join('')}</dl></details>
</article>`;
}

/** The whole page for `mails` (already newest first). */
export function renderMailboxPage(mails: readonly StoredMail[]): string {
  const list = mails.length
    ? mails.map(mailHtml).join('\n')
    : '<p>No mail yet. Sign up on the site and the confirmation mail appears here.</p>';
  return renderDevPage({
    title: `Local mailbox (${mails.length})`,
    content: `<div class="stack">
<h1>Local mailbox</h1>
<p class="muted">Mail sent by the local auth emulator and, over the local SMTP server, by the site itself, newest first. Nothing leaves this machine. <a href="/_dev/mail.json">As JSON</a></p>
${list}
</div>`,
  });
}
