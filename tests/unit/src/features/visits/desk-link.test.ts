import { describe, expect, test } from 'vitest';
import { DESK_TABS, deskPath, readDeskLink } from '@/features/visits/desk-link';

const ID = '3f0c5b2e-9a4d-4c1b-8e7f-0123456789ab';

describe('links into the desk (docs/product/desk.md#owners-desk)', () => {
  test('a visit, a tab, or the desk itself', () => {
    expect(deskPath({ visit: ID })).toBe(`/owner/visits/${ID}`);
    expect(deskPath({ visit: ID.toUpperCase() })).toBe(`/owner/visits/${ID}`);
    expect(deskPath({ tab: 'leads' })).toBe('/owner?tab=leads');
    expect(deskPath(null)).toBe('/owner');
    // An id that is not one never reaches a link.
    expect(deskPath({ visit: '../../etc' })).toBe('/owner');
  });

  test('the desk reads back what a link names; anything else is Today and no visit', () => {
    expect(readDeskLink(`/owner/visits/${ID}`)).toEqual({ visit: ID, tab: 0 });
    expect(readDeskLink(`/owner/visits/${ID.toUpperCase()}?tab=week`)).toEqual({ visit: ID, tab: 4 });
    // The older form, in e-mails already sent.
    expect(readDeskLink(`/owner?visit=${ID}`)).toEqual({ visit: ID, tab: 0 });
    expect(readDeskLink(`?visit=${ID}`)).toEqual({ visit: ID, tab: 0 });
    expect(readDeskLink('/owner/visits/%E0%A4%A')).toEqual({ visit: null, tab: 0 });
    expect(readDeskLink('?tab=leads')).toEqual({ visit: null, tab: 7 });
    expect(readDeskLink('?tab=due')).toEqual({ visit: null, tab: 9 });
    expect(readDeskLink('?tab=export')).toEqual({ visit: null, tab: 10 });
    expect(readDeskLink('?tab=nope&visit=42')).toEqual({ visit: null, tab: 0 });
    expect(readDeskLink('')).toEqual({ visit: null, tab: 0 });
  });

  test("the tabs in the desk's order, with the names docs/product/README.md gives them", () => {
    expect(DESK_TABS.map((t) => t.name)).toEqual([
      'Today',
      'Tomorrow',
      'To confirm',
      'Plan visits',
      'Week',
      'Closed days',
      'Capacity',
      'Leads',
      'Customers',
      // docs/product/due-again.md#the-owners-list
      'Due',
      'Export',
    ]);
    for (const { slug } of DESK_TABS)
      expect(readDeskLink(deskPath({ tab: slug }).slice('/owner'.length)).tab).toBe(
        DESK_TABS.findIndex((t) => t.slug === slug),
      );
  });
});
