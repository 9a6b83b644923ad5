import { describe, expect, test } from 'vitest';
import { hasNews, morningListMail, type MorningList } from '@/features/mail/morning-list';
import type { OwnerVisit } from '@/features/visits/owner-api';

const VISIT: OwnerVisit = {
  id: '3f0c5b2e-9a4d-4c1b-8e7f-0123456789ab',
  status: 'confirmed',
  date: '2026-11-30',
  window: 'morning',
  start: '09:30',
  end: '10:30',
  service: 'Dryer Vent Cleaning',
  serviceType: 'dryer-vent-cleaning',
  options: {},
  amountCents: 3500,
  orderNumber: 'ORD-1',
  customer: { name: 'Sam', email: 'sam@example.com', phone: '(417) 555-0100' },
  address: { street: '12 Elm St', city: 'Nixa', zip: '65714' },
  notes: '',
  techNotes: '',
  completionNote: null,
  overCapacity: false,
  route: 1,
  requestedAt: '2026-11-20T10:00:00Z',
  dueDate: null,
  planVisit: null,
  checklist: [],
  filterSizes: [],
  detectorsTested: null,
  planFilterSizes: [],
  checklistItems: [],
  proposedStart: null,
  proposedAt: null,
  proposalRemindedAt: null,
  timeNote: null,
  textable: 'off',
  etaMinutes: null,
  payRequest: null,
};

const EMPTY: MorningList = {
  day: '2026-11-30',
  visits: [],
  toConfirm: 0,
  proposedUnanswered: 0,
  overdue: [],
  leads: [],
};

describe('the morning list (docs/product/emails.md#morning-list)', () => {
  test('an empty day has no news', () => {
    expect(hasNews(EMPTY)).toBe(false);
    expect(hasNews({ ...EMPTY, toConfirm: 1 })).toBe(true);
    expect(
      hasNews({
        ...EMPTY,
        overdue: [{ name: 'Kim', phone: '', service: 'Autopilot Lite quarterly visit', dueDate: '2026-11-20' }],
      }),
    ).toBe(true);
  });

  test('plan visits overdue, the longest first, with the day each was due; none, no line', () => {
    const mail = morningListMail(
      {
        ...EMPTY,
        overdue: [
          { name: 'Kim', phone: '(417) 555-0102', service: 'Autopilot Full quarterly visit', dueDate: '2026-11-20' },
          { name: 'Lou', phone: '', service: 'Autopilot Lite quarterly visit', dueDate: '2026-11-27' },
        ],
      },
      'https://www.example.com',
    );
    expect(mail.subject).toBe(
      'Today, Monday, November 30, 2026: 0 visits, 0 to confirm, 2 plan visits overdue, 0 new leads',
    );
    const lines = mail.text.split('\n').filter(Boolean);
    const at = lines.indexOf('Plan visits overdue (call to set a day):');
    expect(lines.slice(at + 1, at + 3)).toEqual([
      'Kim, (417) 555-0102, Autopilot Full quarterly visit, due Fri, Nov 20',
      'Lou, Autopilot Lite quarterly visit, due Fri, Nov 27',
    ]);
    expect(morningListMail({ ...EMPTY, toConfirm: 1 }, 'https://www.example.com').text).not.toContain('overdue');
    // No proposal standing: the count of unanswered ones is left out.
    expect(morningListMail({ ...EMPTY, toConfirm: 1 }, 'https://www.example.com').text).toContain(
      '1 visit is still to confirm: propose a time or call.\n',
    );
  });

  test("today's visits in route order with time, address and phone; the count to confirm; the leads", () => {
    const mail = morningListMail(
      {
        ...EMPTY,
        visits: [
          VISIT,
          {
            ...VISIT,
            id: '4a1d6c3f-0b5e-4d2c-9f80-123456789abc',
            status: 'requested',
            start: null,
            end: null,
            customer: { ...VISIT.customer, name: 'Lee' },
          },
        ],
        toConfirm: 3,
        proposedUnanswered: 2,
        leads: [{ kind: 'contact', name: 'Ada', phone: '(417) 555-0101', email: 'ada@example.com' }],
      },
      'https://www.example.com',
    );
    expect(mail.subject).toBe('Today, Monday, November 30, 2026: 2 visits, 3 to confirm, 1 new lead');
    expect(mail.text).toContain('1. 9:30 AM-10:30 AM: Sam, 12 Elm St, Nixa 65714, (417) 555-0100, Dryer Vent Cleaning');
    expect(mail.text).toContain(
      '2. Morning (8 AM-12 PM): Lee, 12 Elm St, Nixa 65714, (417) 555-0100, Dryer Vent Cleaning (not confirmed yet)',
    );
    expect(mail.text).toContain(
      '3 visits are still to confirm: propose a time or call. 2 of them proposed, no answer yet.',
    );
    expect(mail.text).toContain('Contact message: Ada, (417) 555-0101, ada@example.com');
    expect(mail.text).toContain('Open the desk: https://www.example.com/owner');
    // The desk, each visit at its own address, the leads.
    expect(mail.layout.actions).toEqual([
      { label: 'Open the desk', url: 'https://www.example.com/owner' },
      { label: 'Open visit 1, Sam', url: `https://www.example.com/owner/visits/${VISIT.id}` },
      { label: 'Open visit 2, Lee', url: 'https://www.example.com/owner/visits/4a1d6c3f-0b5e-4d2c-9f80-123456789abc' },
      { label: 'Open the leads', url: 'https://www.example.com/owner?tab=leads' },
    ]);
    expect(mail.text).toContain(`Open visit 1, Sam: https://www.example.com/owner/visits/${VISIT.id}`);
    // The inbox's summary: the counts and the first visit.
    expect(mail.layout.preheader).toBe(
      '2 visits, 3 to confirm, 1 new lead. First: 9:30 AM-10:30 AM, Sam, 12 Elm St, Nixa.',
    );
    for (const words of [mail.layout.greeting, ...mail.layout.paragraphs, ...mail.layout.after]) {
      expect(words).not.toContain('http');
    }
  });

  test('a day without visits sums up its counts; the desk is a button, its address a labelled line of the text', () => {
    const mail = morningListMail({ ...EMPTY, toConfirm: 1 }, 'https://www.example.com');
    expect(mail.layout.preheader).toBe('0 visits, 1 to confirm, 0 new leads.');
    expect(mail.layout.actions).toEqual([{ label: 'Open the desk', url: 'https://www.example.com/owner' }]);
    expect(mail.layout.after).toEqual([]);
    expect(mail.text.match(/https?:\/\/\S+/g)).toEqual(['https://www.example.com/owner']);
    expect(mail.text).toMatch(/^Open the desk: https:\/\/www\.example\.com\/owner$/m);
  });
});
