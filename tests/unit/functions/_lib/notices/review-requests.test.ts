/**
 * When a review request is due (docs/product/emails.md#review-requests): from 10 AM Springfield time on
 * the day after the visit was marked done, in daylight and standard time, until 7 days after; and
 * REVIEW_URL only as an https:// link.
 */
import { describe, expect, test } from 'vitest';
import { checkConfig } from '../../../../../functions/_lib/platform/config-check.ts';
import {
  isReviewRequestDue,
  reviewRequestDueAt,
  reviewUrl,
} from '../../../../../functions/_lib/notices/review-requests.ts';
import { reviewRequestMail } from '../../../../../src/features/mail/review-request.ts';
import { expectNoAddressInWords } from '../../../src/features/mail/words.ts';

describe('the review request’s time', () => {
  test('done on a Tuesday at 4 PM (standard time): due Wednesday 10 AM, 16:00 UTC', () => {
    // 2026-12-01 is a Tuesday; 4 PM CST is 22:00 UTC.
    expect(reviewRequestDueAt(new Date('2026-12-01T22:00:00Z')).toISOString()).toBe('2026-12-02T16:00:00.000Z');
  });

  test('in daylight time 10 AM is 15:00 UTC', () => {
    expect(reviewRequestDueAt(new Date('2026-07-14T21:00:00Z')).toISOString()).toBe('2026-07-15T15:00:00.000Z');
  });

  test('the Springfield day counts, not the UTC one: done at 11:30 PM is due the next morning', () => {
    // 11:30 PM CST on Dec 1 is 05:30 UTC on Dec 2.
    expect(reviewRequestDueAt(new Date('2026-12-02T05:30:00Z')).toISOString()).toBe('2026-12-02T16:00:00.000Z');
    // 12:30 AM CST on Dec 2 is 06:30 UTC: due on Dec 3.
    expect(reviewRequestDueAt(new Date('2026-12-02T06:30:00Z')).toISOString()).toBe('2026-12-03T16:00:00.000Z');
  });

  test('across the change to daylight time (Sunday March 8, 2026): 10 AM CDT', () => {
    expect(reviewRequestDueAt(new Date('2026-03-07T20:00:00Z')).toISOString()).toBe('2026-03-08T15:00:00.000Z');
  });

  test('due from 10 AM to 7 days after, not before and not later', () => {
    const done = new Date('2026-12-01T22:00:00Z');
    expect(isReviewRequestDue(done, new Date('2026-12-01T23:00:00Z'))).toBe(false);
    expect(isReviewRequestDue(done, new Date('2026-12-02T15:59:59Z'))).toBe(false);
    expect(isReviewRequestDue(done, new Date('2026-12-02T16:00:00Z'))).toBe(true);
    expect(isReviewRequestDue(done, new Date('2026-12-09T15:59:59Z'))).toBe(true);
    expect(isReviewRequestDue(done, new Date('2026-12-09T16:00:00Z'))).toBe(false);
  });
});

describe('REVIEW_URL', () => {
  test('unset or blank: no review requests', () => {
    expect(reviewUrl({})).toBeUndefined();
    expect(reviewUrl({ REVIEW_URL: '' })).toBeUndefined();
    expect(reviewUrl({ REVIEW_URL: 'https://g.page/r/abc/review' })).toBe('https://g.page/r/abc/review');
  });

  test('only an https:// link starts the server, in either mode', () => {
    const problem = 'REVIEW_URL must be an https:// link, e.g. https://g.page/r/.../review';
    expect(checkConfig({ REVIEW_URL: 'https://g.page/r/abc/review' }).problems).toEqual([]);
    expect(checkConfig({ REVIEW_URL: 'http://g.page/r/abc/review' }).problems).toEqual([problem]);
    expect(checkConfig({ REVIEW_URL: 'g.page/r/abc/review' }).problems).toEqual([problem]);
    expect(checkConfig({ REVIEW_URL: 'javascript:alert(1)' }, 'production').problems).toContain(problem);
  });
});

describe('the review request e-mail', () => {
  test('the same words for every visit: thanks, the review link, and a number to call', () => {
    const mail = reviewRequestMail({
      name: 'Rae',
      service: 'Dryer Vent Cleaning',
      day: '2026-12-01',
      reviewUrl: 'https://g.page/r/abc/review',
    });
    expect(mail.subject).toBe('How did your visit go?');
    expect(mail.text).toContain(
      'Thank you for choosing Springfield Home Maintenance for your Dryer Vent Cleaning on Tuesday, December 1, 2026.',
    );
    expect(mail.text).toContain(
      'If you have a minute, a review helps our neighbors find us.\n\nLeave a review: https://g.page/r/abc/review\n\nThank you either way',
    );
    expect(mail.layout.actions).toEqual([{ label: 'Leave a review', url: 'https://g.page/r/abc/review' }]);
    expectNoAddressInWords(mail);
  });
});
