/**
 * What makes a marketing e-mail unsubscribable (docs/product/emails.md#unsubscribing): its two links (the
 * one-click address a mail program POSTs to, and the page a person opens), the RFC 8058 headers,
 * and the closing line of its text and HTML. Pure. Shared core: Node loads it directly from
 * functions/, so relative imports with the extension only.
 */
import type { MailContent } from './compose.ts';

/** The path of the one-click address (POST unsubscribes) and of the page (GET shows a button). */
export const UNSUBSCRIBE_API_PATH = '/api/unsubscribe';
export const UNSUBSCRIBE_PAGE_PATH = '/unsubscribe';

/** The two links of an address's token on the site at `origin`. */
export function unsubscribeLinks(origin: string, token: string): { oneClick: string; page: string } {
  const query = `?t=${encodeURIComponent(token)}`;
  return { oneClick: `${origin}${UNSUBSCRIBE_API_PATH}${query}`, page: `${origin}${UNSUBSCRIBE_PAGE_PATH}${query}` };
}

/**
 * The headers of RFC 8058 one-click unsubscribe: the HTTPS address in angle brackets, and the
 * POST body a mail program sends to it.
 */
export function unsubscribeHeaders(oneClick: string): Record<string, string> {
  return {
    'List-Unsubscribe': `<${oneClick}>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  };
}

/** The closing line of a marketing e-mail. */
export function unsubscribeLine(page: string): string {
  return `You get this because you booked or asked for a guide with us. Unsubscribe: ${page}`;
}

/** `mail` with the unsubscribe line last in its text, and its page in the HTML's footer (src/features/mail/layout.ts). */
export function withUnsubscribeLine(mail: MailContent, page: string): MailContent {
  return {
    ...mail,
    text: `${mail.text}\n\n${unsubscribeLine(page)}`,
    layout: { ...mail.layout, unsubscribeUrl: page },
  };
}
