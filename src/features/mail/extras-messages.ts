/**
 * The customer's e-mails about extras (docs/product/extras.md#extras-after-the-visit): the pay request
 * with its pay link as the action 'Pay <total>' (docs/product/extras.md#the-pay-link), its one reminder
 * (docs/product/extras.md#reminder) and the receipt once paid (docs/product/extras.md#paid). Each lists
 * the visit's extras line by line, as priced from the catalogue. Pure. Shared core: Node loads it
 * directly from functions/, so relative imports with the extension only.
 */
import { SITE } from '../../site.ts';
import { formatDay, longDate } from '../../lib/dates.ts';
import { formatCents } from '../../lib/format.ts';
import type { PricedExtra } from '../extras/extras.ts';
import { compose, greet, type MailAction, type MailContent } from './compose.ts';
import { accountAction } from './visit-messages.ts';

/** A pay request as its e-mails name it. */
export interface ExtrasMailFacts {
  name: string | null;
  /** The pay request's own order number (docs/product/extras.md#pay-requests). */
  orderNumber: string;
  /** The visit's service in words: "Light Bulb Replacement", "Autopilot Full quarterly visit". */
  service: string;
  /** The visit's day, `YYYY-MM-DD`. */
  day: string;
  address: string;
  /** The lines as priced and stored. */
  items: PricedExtra[];
  /** The extras' total, the tip apart. */
  amountCents: number;
  /** The owner's one line to the customer, or null. */
  note: string | null;
  /** The signed pay link (docs/product/extras.md#the-pay-link); null without the link secret. */
  payUrl: string | null;
  siteUrl: string;
}

/** A receipt's facts: the pay request's and what was paid (docs/product/extras.md#paid). */
export interface ExtrasReceiptFacts extends ExtrasMailFacts {
  tipCents: number;
  /** When it was paid, ISO. */
  paidAt: string;
  /** The card provider's receipt of the payment (docs/product/emails.md#receipts), when it made one. */
  receiptUrl: string | null;
}

/** One line of extras in words: "3 × LED bulb, standard (A19) ($8.00 each): $24.00". */
export function extraLine(item: Pick<PricedExtra, 'name' | 'qty' | 'unitCents' | 'amountCents'>): string {
  const each = item.qty > 1 ? ` (${formatCents(item.unitCents)} each)` : '';
  return `${item.qty} × ${item.name}${each}: ${formatCents(item.amountCents)}`;
}

/** The visit the extras were used on, in words. */
function visitWords(f: ExtrasMailFacts): string {
  return `your visit (${f.service}, ${formatDay(f.day)})`;
}

/** The details every extras e-mail carries. */
function visitDetails(f: ExtrasMailFacts): [string, string][] {
  return [
    ['Order number', f.orderNumber],
    ['Service', f.service],
    ['Visit', formatDay(f.day)],
    ...(f.address ? ([['Address', f.address]] as [string, string][]) : []),
  ];
}

/** The lines, the note and the total. */
function itemParagraphs(f: ExtrasMailFacts): string[] {
  return [...f.items.map(extraLine), ...(f.note ? [`Note: ${f.note}`] : []), `Total: ${formatCents(f.amountCents)}`];
}

/** How to pay, in words: the tip and that nothing is charged until then, or the phone without a link. */
function payLines(f: ExtrasMailFacts): string[] {
  return f.payUrl
    ? ['You can add a tip on the payment page if you like. Nothing is charged until you pay.']
    : [`Call ${SITE.phone.display} to pay.`];
}

/** The pay link as the action 'Pay <total>', none without it. */
function payActions(f: ExtrasMailFacts): MailAction[] {
  return f.payUrl ? [{ label: `Pay ${formatCents(f.amountCents)}`, url: f.payUrl }] : [];
}

/** The pay request and its reminder: the same lines and link, the reminder saying it is one. */
function payMail(f: ExtrasMailFacts, reminder: boolean): MailContent {
  const total = formatCents(f.amountCents);
  return compose({
    subject: reminder
      ? `Reminder: extras to pay, ${total} (${f.orderNumber})`
      : `Pay for extras: ${total} (${f.orderNumber})`,
    preheader: reminder
      ? `The extras of ${visitWords(f)}, ${total}, are not paid yet.`
      : `The extras of ${visitWords(f)} come to ${total}. Nothing is charged until you pay.`,
    greeting: greet(f.name),
    paragraphs: [
      ...(reminder ? ['The extras of your visit are not paid yet.'] : []),
      `Here is what ${visitWords(f)} used beyond its price, at our listed prices:`,
      ...itemParagraphs(f),
    ],
    details: [...visitDetails(f), ['Total', total]],
    actions: payActions(f),
    after: [...payLines(f), `Questions? Call ${SITE.phone.display}.`],
  });
}

/** Pay for extras (docs/product/extras.md#the-pay-link): the lines with prices, the note, the total and the pay link. */
export function payRequestMail(f: ExtrasMailFacts): MailContent {
  return payMail(f, false);
}

/** The one reminder of an unpaid pay request (docs/product/extras.md#reminder), with the same link. */
export function payReminderMail(f: ExtrasMailFacts): MailContent {
  return payMail(f, true);
}

/**
 * The receipt of extras paid (docs/product/extras.md#paid): the lines, the tip apart, the total paid
 * (extras and tip) and the card provider's receipt link when it has one.
 */
export function extrasReceiptMail(f: ExtrasReceiptFacts): MailContent {
  const paid = formatCents(f.amountCents + f.tipCents);
  const paidOn = longDate(new Date(f.paidAt));
  return compose({
    subject: `Receipt: extras paid, ${paid} (${f.orderNumber})`,
    greeting: greet(f.name),
    paragraphs: [
      `Thank you: your payment of ${paid} for the extras of ${visitWords(f)} is received.`,
      ...f.items.map(extraLine),
      ...(f.note ? [`Note: ${f.note}`] : []),
      `Extras: ${formatCents(f.amountCents)}`,
      `Tip: ${formatCents(f.tipCents)}`,
      `Total paid: ${paid}`,
    ],
    details: [...visitDetails(f), ['Paid', paidOn], ['Amount paid', paid]],
    actions: [...(f.receiptUrl ? [{ label: 'Receipt', url: f.receiptUrl }] : []), accountAction(f.siteUrl)],
    after: [`Questions? Call ${SITE.phone.display}.`],
  });
}
