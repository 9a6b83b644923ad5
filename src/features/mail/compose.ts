/**
 * How every e-mail is written (docs/product/emails.md#e-mails): its plain text, and what its HTML is
 * drawn from (docs/product/email-layout.md, src/features/mail/layout.ts), from the same parts, signed
 * with the business details of `src/site.ts`. Pure. Shared core:
 * Node loads it directly from functions/, so relative imports with the extension only.
 */
import { SITE } from '../../site.ts';

/** A file sent with an e-mail; `content` is its text. */
export interface MailAttachment {
  filename: string;
  contentType: string;
  content: string;
}

/** An action of an e-mail: a button in its HTML, and 'Label: address' in its text. */
export interface MailAction {
  /** The button's words ('Reschedule', 'Pay $32.50', 'Your account'); the text part's label. */
  label: string;
  url: string;
}

/**
 * What the HTML of an e-mail is drawn from (docs/product/email-layout.md): stored with the e-mail in
 * the outbox and drawn by src/features/mail/layout.ts when the outbox sends it, so the HTML of an
 * e-mail is always the layout of the code that sends it.
 */
export interface MailLayout {
  subject: string;
  /** The inbox's line after the subject, hidden in the message. */
  preheader: string;
  greeting: string;
  paragraphs: readonly string[];
  details: readonly (readonly [label: string, value: string])[];
  actions: readonly MailAction[];
  after: readonly string[];
  /** A marketing e-mail's unsubscribe page (src/features/mail/unsubscribe.ts). */
  unsubscribeUrl?: string;
}

/** An e-mail's subject, its plain text and what its HTML is drawn from. */
export interface MailContent {
  subject: string;
  text: string;
  layout: MailLayout;
  attachments?: MailAttachment[];
}

/**
 * What an e-mail says: a heading, paragraphs, a list of labelled details, its actions (the links it
 * offers, each a button), and closing paragraphs. A web address belongs in `actions`, never in the
 * words: in HTML it would show as a raw address a phone cannot wrap.
 */
export interface MailParts {
  subject: string;
  /** The inbox's summary line; the first paragraph when not given. */
  preheader?: string;
  greeting: string;
  paragraphs: readonly string[];
  details?: readonly (readonly [label: string, value: string])[];
  actions?: readonly MailAction[];
  after?: readonly string[];
}

/** The business's signature, last in the text and in the HTML's footer. */
export const SIGNATURE = [SITE.name, `${SITE.phone.display} · ${SITE.email}`];

/** At most this many characters of preheader: the inbox shows about 90 to 130. */
export const PREHEADER_MAX = 140;

/** `text` cut at a word to at most `max` characters, with an ellipsis when cut. */
function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  return `${cut.slice(0, cut.lastIndexOf(' ') > 0 ? cut.lastIndexOf(' ') : cut.length)}…`;
}

/** The plain text (the actions as 'Label: address' lines after the details) and the layout from the same parts. */
export function compose({
  subject,
  preheader,
  greeting,
  paragraphs,
  details = [],
  actions = [],
  after = [],
}: MailParts): MailContent {
  const text = [
    greeting,
    '',
    ...paragraphs.flatMap((p) => [p, '']),
    ...(details.length ? [...details.map(([label, value]) => `${label}: ${value}`), ''] : []),
    ...(actions.length ? [...actions.map(({ label, url }) => `${label}: ${url}`), ''] : []),
    ...after.flatMap((p) => [p, '']),
    ...SIGNATURE,
  ].join('\n');
  const summary = clip(preheader ?? paragraphs[0] ?? subject, PREHEADER_MAX);
  return {
    subject,
    text,
    layout: { subject, preheader: summary, greeting, paragraphs, details, actions, after },
  };
}

export function greet(name: string | null): string {
  return name ? `Hello ${name},` : 'Hello,';
}
