/**
 * The reminder that a service is due again and its follow-up
 * (docs/product/due-again.md#the-reminder-and-the-follow-up): the subjects, the days in words, the
 * Book again action, and the line of the cheapest plan that covers the service with its page as an action.
 */
import { describe, expect, test } from 'vitest';
import {
  coveringPlan,
  planAction,
  planLine,
  serviceDueFollowUpMail,
  serviceDueMail,
  type ServiceDueFacts,
} from '@/features/mail/due-again';
import { getPlan } from '@/features/plans/plans';
import { actionsOf, expectNoAddressInWords } from './words';

const SITE_URL = 'https://www.example.com';
const BOOK_AGAIN = `${SITE_URL}/services/air-filter-replacement?again=eyJwIjoiYm9vay1hZ2FpbiJ9.abc`;
const lite = getPlan('lite');

const FACTS: ServiceDueFacts = {
  name: 'Rae Quinn',
  service: 'Air Filter Replacement',
  doneDay: '2026-12-01',
  dueDay: '2027-02-14',
  bookAgainUrl: BOOK_AGAIN,
  plan: coveringPlan('air-filter-replacement'),
  siteUrl: SITE_URL,
};

describe('the plan a reminder names', () => {
  test('the cheapest plan whose services include the service', () => {
    expect(coveringPlan('air-filter-replacement')).toEqual({
      name: 'Autopilot Lite',
      monthly: lite.monthly,
      href: '/autopilot-lite',
    });
    expect(coveringPlan('smoke-detector-batteries')?.name).toBe('Autopilot Lite');
    // Only Full covers light bulbs.
    expect(coveringPlan('light-bulb-replacement')?.name).toBe('Autopilot Full');
    // No plan covers the dryer vent.
    expect(coveringPlan('dryer-vent-cleaning')).toBeNull();
  });

  test('its line: four visits a year and the monthly price; its page an action', () => {
    expect(planLine(coveringPlan('air-filter-replacement')!)).toBe(
      `Autopilot Lite covers it, with four visits a year, for $${lite.monthly} a month.`,
    );
    expect(planAction(coveringPlan('air-filter-replacement')!, SITE_URL)).toEqual({
      label: 'See Autopilot Lite',
      url: `${SITE_URL}/autopilot-lite`,
    });
  });
});

describe('the reminder', () => {
  test("'Time for your next <service>', the days, 'Book again' and the plan line with its page", () => {
    const mail = serviceDueMail(FACTS);
    expect(mail.subject).toBe('Time for your next Air Filter Replacement');
    expect(mail.text).toContain('Hello Rae Quinn,');
    expect(mail.text).toContain(
      'Your Air Filter Replacement on Tuesday, December 1, 2026 is due again on Sunday, February 14, 2027.',
    );
    expect(mail.text).toContain(`Book again: ${BOOK_AGAIN}`);
    expect(mail.text).toContain(`Autopilot Lite covers it, with four visits a year, for $${lite.monthly} a month.`);
    expect(mail.text).toContain(`See Autopilot Lite: ${SITE_URL}/autopilot-lite`);
    expect(actionsOf(mail)).toEqual([
      ['Book again', BOOK_AGAIN],
      ['See Autopilot Lite', `${SITE_URL}/autopilot-lite`],
    ]);
    expect(mail.layout.preheader).toBe(
      'Your Air Filter Replacement on Tuesday, December 1, 2026 is due again on Sunday, February 14, 2027.',
    );
    expectNoAddressInWords(mail);
  });

  test('without a covering plan there is no plan line; without a name, a plain greeting', () => {
    const mail = serviceDueMail({ ...FACTS, name: null, service: 'Dryer Vent Cleaning', plan: null });
    expect(mail.subject).toBe('Time for your next Dryer Vent Cleaning');
    expect(mail.text.startsWith('Hello,\n')).toBe(true);
    expect(mail.text).not.toContain('covers it');
    expect(actionsOf(mail)).toEqual([['Book again', BOOK_AGAIN]]);
    expectNoAddressInWords(mail);
  });
});

describe('the follow-up', () => {
  test("'Still due: your <service>', with the same link and plan line", () => {
    const mail = serviceDueFollowUpMail(FACTS);
    expect(mail.subject).toBe('Still due: your Air Filter Replacement');
    expect(mail.text).toContain(
      'Your Air Filter Replacement on Tuesday, December 1, 2026 was due again on Sunday, February 14, 2027, and nothing is booked yet.',
    );
    expect(mail.text).toContain(`Book again: ${BOOK_AGAIN}`);
    expect(mail.text).toContain('Autopilot Lite covers it');
    expect(actionsOf(mail).map(([label]) => label)).toEqual(['Book again', 'See Autopilot Lite']);
    expectNoAddressInWords(mail);
  });
});
