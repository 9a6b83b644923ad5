/**
 * The HTML of the text-message stand-in's page, /_dev/sms (docs/product/texts.md#texts-in-production-and-in-the-embedded-default):
 * a thread per customer number, the latest first, its texts in the order sent, each thread with a
 * box to reply as that customer; and a box to text the site from a new number.
 */
import { escapeHtml } from '../../../src/lib/html.ts';
import { formatUtc, renderDevPage } from '../dev-page.ts';
import { bodyHtml } from '../mailbox/page.ts';

/** A text as /_dev/sms.json lists it. */
export interface StandInText {
  /** The provider's id of the text ('SM' + 32 hex). */
  id: string;
  to: string;
  from: string;
  body: string;
  direction: 'outbound' | 'inbound';
  sentAt: string;
}

/** What the page says above the threads after a reply was delivered. */
export interface DeliveryNotice {
  status: number;
}

/** The customer's number of a text: whom the site texted, or who texted the site. */
function customerOf(text: StandInText): string {
  return text.direction === 'outbound' ? text.to : text.from;
}

/** The texts grouped by customer number, the thread with the latest text first, each thread oldest first. */
export function threadsOf(texts: readonly StandInText[]): { number: string; texts: StandInText[] }[] {
  const threads = new Map<string, StandInText[]>();
  // `texts` come newest first: a thread's place is its newest text's.
  for (const text of texts) threads.set(customerOf(text), [text, ...(threads.get(customerOf(text)) ?? [])]);
  return [...threads].map(([number, list]) => ({ number, texts: list }));
}

/** An HTML id for a number's thread. */
function anchorOf(number: string): string {
  return `thread-${number.replace(/\D/g, '')}`;
}

function textHtml(text: StandInText): string {
  const who = text.direction === 'outbound' ? 'The site' : 'The customer';
  return `<li>
  <p class="muted">${who} · <time datetime="${escapeHtml(text.sentAt)}">${formatUtc(text.sentAt)}</time></p>
  <p class="text">${bodyHtml(text.body)}</p>
</li>`;
}

function replyForm(number: string, id: string): string {
  return `<form method="post" action="/_dev/sms/reply">
  <input type="hidden" name="from" value="${escapeHtml(number)}">
  <label for="${id}">Reply as ${escapeHtml(number)}</label>
  <input id="${id}" name="body" required maxlength="1600" autocomplete="off">
  <button type="submit">Send reply</button>
</form>`;
}

function threadHtml(thread: { number: string; texts: StandInText[] }): string {
  const anchor = anchorOf(thread.number);
  return `<section id="${anchor}" aria-labelledby="${anchor}-title">
  <h2 id="${anchor}-title">${escapeHtml(thread.number)}</h2>
  <ul class="lines stack">
${thread.texts.map(textHtml).join('\n')}
  </ul>
  ${replyForm(thread.number, `${anchor}-reply`)}
</section>`;
}

/** The whole page for `texts` (newest first); `notice` after a reply typed here was delivered. */
export function renderSmsPage(texts: readonly StandInText[], notice: DeliveryNotice | null = null): string {
  const threads = threadsOf(texts);
  const list = threads.length
    ? threads.map(threadHtml).join('\n')
    : '<p>No texts yet. Book a visit with the text box ticked and the booking text appears here.</p>';
  const delivered = notice
    ? `<p class="${notice.status >= 200 && notice.status < 300 ? 'notice' : 'alert'}" role="status">Reply delivered: the site's webhook answered ${notice.status}.</p>`
    : '';
  return renderDevPage({
    title: `Local texts (${texts.length})`,
    content: `<div class="stack">
<h1>Local texts</h1>
<p class="muted">Texts the site sent through the local stand-in of the text provider, and the replies typed here, one thread per number, the latest first. Nothing leaves this machine. A reply is delivered to the site's webhook, signed as the provider signs. <a href="/_dev/sms.json">As JSON</a></p>
${delivered}
${list}
<section aria-labelledby="new-text-title">
  <h2 id="new-text-title">Text the site from another number</h2>
  <form method="post" action="/_dev/sms/reply">
    <label for="new-from">From</label>
    <input id="new-from" name="from" required inputmode="tel" autocomplete="off" placeholder="(417) 555-0142">
    <label for="new-body">Text</label>
    <input id="new-body" name="body" required maxlength="1600" autocomplete="off">
    <button type="submit">Send</button>
  </form>
</section>
</div>`,
  });
}
