/**
 * What the booking card holds and what it chooses from (docs/product/services.md#booking-card): the option
 * fields and the visit, restored from this tab's draft once the island runs and kept there on every
 * change (booking-draft.ts); the bookable days; the closed days and full windows; the texts' consent box;
 * a Book again link's filling and its line (docs/product/due-again.md#book-again, book-again-fill.ts,
 * loaded only for a page opened by one).
 */
import { useEffect, useRef, useState } from 'react';
import { businessToday } from '@/lib/dates';
import { loadCardFacts, type Availability } from './availability';
import { loadBookingDraft, mayBookAgain, saveBookingDraft } from './booking-draft';
import { defaultOptionValues } from './booking-options';
import type { ServiceType } from './pricing';
import { EMPTY_VISIT, type VisitInput } from './visit';
import { bookableDays, type BookableDay } from '../visits/windows';

/** The card's choices (with their setters), its days and the known availability. */
export function useBookingDraft(serviceType: ServiceType) {
  const [options, setOptions] = useState<Record<string, string>>(() => defaultOptionValues(serviceType));
  const [visit, setVisit] = useState<VisitInput>(EMPTY_VISIT);
  const [days, setDays] = useState<readonly BookableDay[]>([]);
  const [availability, setAvailability] = useState<Availability>(new Map());
  // Whether texts are on (the server's answer): the consent box shows only then.
  const [texts, setTexts] = useState(false);
  // A Book again link's line above the card: null without a link, '' while it is read.
  const [bookAgainNote, setBookAgainNote] = useState<string | null>(null);
  const restored = useRef(false);

  // The days depend on today, so they are listed here rather than at build time; then the draft
  // this tab kept (a trip to sign in and back) is restored. sessionStorage and the clock are not
  // the server's: read once after hydration, so the first client render matches the server's HTML.
  useEffect(() => {
    const today = businessToday();
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setDays(bookableDays(today));
    const draft = loadBookingDraft(serviceType);
    // What was chosen on this page before the island ran is replayed by the directive after this
    // effect (src/lib/islands/early-input.ts), so it wins over the tab's older draft.
    setOptions((current) => ({ ...current, ...draft?.options }));
    setVisit((current) => ({ ...current, ...draft?.visit }));
    restored.current = true;
    // Filled through the draft, over what the card holds now, so it stays through a reload or sign-in.
    if (mayBookAgain(window.location.search)) {
      const start = {
        options: { ...defaultOptionValues(serviceType), ...draft?.options },
        visit: { ...EMPTY_VISIT, ...draft?.visit },
      };
      setBookAgainNote('');
      void import('./book-again-fill')
        .then(({ bookAgain }) => bookAgain(serviceType, start, { setOptions, setVisit }))
        .then(setBookAgainNote, () => setBookAgainNote(null));
    }
    // Closed days and full windows, shown as unavailable; without an answer the server still refuses them.
    void loadCardFacts().then((known) => {
      if (!known) return;
      setAvailability(known.availability);
      setTexts(known.texts);
    });
  }, [serviceType]);

  useEffect(() => {
    if (restored.current) saveBookingDraft(serviceType, { options, visit });
  }, [serviceType, options, visit]);

  /** A field of the visit typed or picked; a day without the chosen window (Saturday has its own) drops it. */
  function editVisit(name: Exclude<keyof VisitInput, 'textConsent'>, value: string) {
    setVisit((current) => {
      const next = { ...current, [name]: value };
      const windows: readonly string[] = days.find((d) => d.date === value)?.windows ?? [];
      if (name === 'date' && !windows.includes(next.window)) next.window = '';
      return next;
    });
  }

  // The consent box, shown only while texts are on (docs/product/texts.md#consent).
  const consent = texts
    ? {
        checked: visit.textConsent === true,
        onChange: (checked: boolean) => setVisit((current) => ({ ...current, textConsent: checked })),
      }
    : undefined;
  return { options, setOptions, visit, editVisit, days, availability, consent, bookAgainNote };
}
