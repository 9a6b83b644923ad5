/**
 * The review request (docs/product/emails.md#review-requests): the same words for every customer, whatever
 * the visit was like, with the business's review link as its one action, 'Leave a review'. Pure. Shared core: Node loads it directly
 * from functions/, so relative imports with the extension only.
 */
import { SITE } from '../../site.ts';
import { formatDay } from '../../lib/dates.ts';
import { compose, greet, type MailContent } from './compose.ts';

/** The subject of every review request. */
export const REVIEW_REQUEST_SUBJECT = 'How did your visit go?';

/** One review request: never worded by rating, mood or how the visit went. */
export function reviewRequestMail(visit: {
  name: string | null;
  service: string;
  day: string;
  reviewUrl: string;
}): MailContent {
  return compose({
    subject: REVIEW_REQUEST_SUBJECT,
    greeting: greet(visit.name),
    paragraphs: [
      `Thank you for choosing ${SITE.name} for your ${visit.service} on ${formatDay(visit.day)}.`,
      'If you have a minute, a review helps our neighbors find us.',
    ],
    actions: [{ label: 'Leave a review', url: visit.reviewUrl }],
    after: [
      `Thank you either way — and if anything was not right, call us at ${SITE.phone.display} and we will make it right.`,
    ],
  });
}
