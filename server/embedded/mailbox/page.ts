/**
 * The HTML of the local mailbox page: every mail, newest first, with its links clickable; a mail
 * with HTML shows it as a 390 px phone would (docs/product/email-layout.md#the-local-mailbox), in a
 * sandboxed frame served by /_dev/mail/<id>.html under its own policy, beside its plain text.
 */
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

/** Where the mailbox serves the HTML of message `id` (index.ts). */
export function messageHtmlPath(id: number): string {
  return `/_dev/mail/${id}.html`;
}

/** The width of the phone the HTML is shown at, in CSS pixels (an iPhone's 390). */
export const PHONE_WIDTH = 390;

/**
 * A mail's bodies: its plain text, and with HTML that HTML as a phone shows it, side by side on a
 * wide screen and one above the other on a narrow one (the dev page's `.layout` grid; the frame's
 * column scrolls sideways, by keyboard too, on a screen narrower than the phone). The frame runs no
 * script and may only open its links as new tabs (`sandbox`); it is loaded when scrolled to.
 */
function bodies(mail: StoredMail): string {
  const text = `<p class="text">${bodyHtml(mail.text)}</p>`;
  if (!mail.html) return text;
  return `<div class="layout">
  <div class="scroll" tabindex="0" role="group" aria-labelledby="mail-${mail.id}-html">
    <h3 id="mail-${mail.id}-html">HTML, at ${PHONE_WIDTH} px</h3>
    <iframe src="${messageHtmlPath(mail.id)}" title="${escapeHtml(mail.subject)}, as a ${PHONE_WIDTH} px phone shows it" width="${PHONE_WIDTH}" height="720" loading="lazy" sandbox="allow-popups allow-popups-to-escape-sandbox"></iframe>
  </div>
  <div>
    <h3>Plain text</h3>
    ${text}
  </div>
  </div>`;
}

function mailHtml(mail: StoredMail): string {
  return `<article>
  <h2>${escapeHtml(mail.subject)}</h2>
  <p class="muted">To <strong>${escapeHtml(mail.to)}</strong> · <time datetime="${escapeHtml(mail.sentAt)}">${formatUtc(mail.sentAt)}</time></p>
  ${bodies(mail)}
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
<p class="muted">Mail sent by the local auth emulator and, over the local SMTP server, by the site itself, newest first, a mail with HTML shown as a ${PHONE_WIDTH} px phone shows it beside its plain text. Nothing leaves this machine. <a href="/_dev/mail.json">As JSON</a></p>
${list}
</div>`,
  });
}
