/**
 * How every e-mail is written (docs/product/emails.md#e-mails): plain text and simple, accessible HTML
 * from the same parts, signed with the business details of `src/site.ts`. Pure. Shared core:
 * Node loads it directly from functions/, so relative imports with the extension only.
 */
import { SITE } from '../../site.ts';
import { escapeHtml } from '../../lib/html.ts';

/** A file sent with an e-mail; `content` is its text. */
export interface MailAttachment {
  filename: string;
  contentType: string;
  content: string;
}

/** An e-mail's subject and bodies. */
export interface MailContent {
  subject: string;
  text: string;
  html: string;
  attachments?: MailAttachment[];
}

/** What an e-mail says: a heading, paragraphs, and a list of labelled details. */
export interface MailParts {
  subject: string;
  greeting: string;
  paragraphs: readonly string[];
  details?: readonly (readonly [label: string, value: string])[];
  after?: readonly string[];
}

/** A paragraph's text as HTML, its web addresses made links. */
function paragraphHtml(text: string): string {
  return text
    .split(/(https?:\/\/[^\s]+)/)
    .map((part, i) => (i % 2 === 1 ? `<a href="${escapeHtml(part)}">${escapeHtml(part)}</a>` : escapeHtml(part)))
    .join('');
}

const SIGNATURE = [SITE.name, `${SITE.phone.display} · ${SITE.email}`];

/** Plain text and HTML from the same parts. */
export function compose({ subject, greeting, paragraphs, details = [], after = [] }: MailParts): MailContent {
  const text = [
    greeting,
    '',
    ...paragraphs.flatMap((p) => [p, '']),
    ...(details.length ? [...details.map(([label, value]) => `${label}: ${value}`), ''] : []),
    ...after.flatMap((p) => [p, '']),
    ...SIGNATURE,
  ].join('\n');
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="font-family: Arial, sans-serif; font-size: 16px; line-height: 1.5; color: #1f2937; max-width: 600px; margin: 0 auto; padding: 16px">
<h1 style="font-size: 22px">${escapeHtml(subject)}</h1>
<p>${escapeHtml(greeting)}</p>
${paragraphs.map((p) => `<p>${paragraphHtml(p)}</p>`).join('\n')}
${details.length ? `<table role="presentation" style="border-collapse: collapse">${details.map(([label, value]) => `<tr><th scope="row" style="text-align: left; padding: 4px 12px 4px 0; vertical-align: top">${escapeHtml(label)}</th><td style="padding: 4px 0">${escapeHtml(value)}</td></tr>`).join('')}</table>` : ''}
${after.map((p) => `<p>${paragraphHtml(p)}</p>`).join('\n')}
<p style="color: #4b5563">${SIGNATURE.map(escapeHtml).join('<br>')}</p>
</body></html>
`;
  return { subject, text, html };
}

export function greet(name: string | null): string {
  return name ? `Hello ${name},` : 'Hello,';
}
