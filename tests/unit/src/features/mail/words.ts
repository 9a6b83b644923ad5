/**
 * What the unit tests of the customer e-mails check of every builder (docs/product/email-layout.md#the-layout):
 * no web address in the words (greeting, paragraphs, details, closing paragraphs), every link an
 * action with words.
 */
import { expect } from 'vitest';
import type { MailContent } from '@/features/mail/compose';

/** No line of the e-mail's words holds a web address. */
export function expectNoAddressInWords(mail: MailContent): void {
  const { greeting, paragraphs, details, after } = mail.layout;
  for (const line of [greeting, ...paragraphs, ...details.map(([label, value]) => `${label}: ${value}`), ...after]) {
    expect(line, `"${mail.subject}"`).not.toMatch(/https?:|www\./);
  }
}

/** The e-mail's actions as [label, url] pairs, in order. */
export function actionsOf(mail: MailContent): [string, string][] {
  return mail.layout.actions.map(({ label, url }) => [label, url]);
}
