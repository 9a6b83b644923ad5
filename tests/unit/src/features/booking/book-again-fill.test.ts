/** Book again on the booking card (docs/product/due-again.md#book-again). */
import { afterEach, describe, expect, test, vi } from 'vitest';
import {
  BOOK_AGAIN_ALTERED,
  BOOK_AGAIN_EXPIRED,
  BOOK_AGAIN_PARAM,
  WELCOME_BACK,
  type BookAgainAnswer,
} from '@/features/booking/book-again';
import {
  bookAgain,
  bookAgainLink,
  bookAgainPath,
  fillOf,
  fillUntyped,
  refusalLine,
  welcomeLine,
} from '@/features/booking/book-again-fill';
import { mayBookAgain, type BookingDraft } from '@/features/booking/booking-draft';
import { EMPTY_VISIT, type VisitInput } from '@/features/booking/visit';
import { ApiError } from '@/lib/api';

const PLACE = { street: '12 Elm St', city: 'Nixa', zip: '65714', phone: '(417) 555-0142', notes: 'Gate code 1234' };

function answer(over: Partial<BookAgainAnswer> = {}): BookAgainAnswer {
  return {
    serviceType: 'air-filter-replacement',
    options: { filterQuality: 'premium' },
    visit: PLACE,
    bookedAgainOn: null,
    ...over,
  };
}

describe('the link in the address (docs/product/due-again.md#book-again)', () => {
  test('the card loads the link code only for an address that may carry one', () => {
    expect(mayBookAgain(`?${BOOK_AGAIN_PARAM}=abc`)).toBe(true);
    expect(mayBookAgain(`?utm_source=mail&${BOOK_AGAIN_PARAM}=abc`)).toBe(true);
    expect(mayBookAgain('')).toBe(false);
    expect(mayBookAgain('?notagain=1')).toBe(false);
    expect(mayBookAgain('?t=abc')).toBe(false);
  });

  test('the token, and the address without it, the rest of the query and the anchor kept', () => {
    expect(bookAgainLink('https://example.com/services/air-filter-replacement?again=a.b-c_d')).toEqual({
      token: 'a.b-c_d',
      rest: '/services/air-filter-replacement',
    });
    expect(bookAgainLink('https://example.com/services/x?utm=mail&again=tok#booking')).toEqual({
      token: 'tok',
      rest: '/services/x?utm=mail#booking',
    });
    expect(bookAgainLink('https://example.com/services/x?utm=mail')).toBeNull();
    expect(bookAgainPath('a+b/c')).toBe('/api/book-again?t=a%2Bb%2Fc');
  });
});

describe('what a link fills (docs/product/due-again.md#book-again)', () => {
  test('the options as last time, and the address, phone and notes; never the day and window', () => {
    expect(fillOf('air-filter-replacement', answer())).toEqual({ options: { filterQuality: 'premium' }, visit: PLACE });
    expect(
      fillOf(
        'smoke-detector-batteries',
        answer({ serviceType: 'smoke-detector-batteries', options: { additionalDetectors: 2 } }),
      ).options,
    ).toEqual({ additionalDetectors: '2' });
    const filled = fillOf(
      'air-filter-replacement',
      answer({ visit: { ...PLACE, date: '2026-12-08', window: 'morning' } as never }),
    );
    expect(Object.keys(filled.visit).sort()).toEqual(['city', 'notes', 'phone', 'street', 'zip']);
  });

  test("another service's link fills the address, phone and notes only", () => {
    expect(fillOf('dryer-vent-cleaning', answer())).toEqual({ options: {}, visit: PLACE });
    expect(
      fillOf(
        'vacuum-cleanout',
        answer({ serviceType: 'smoke-detector-batteries', options: { additionalDetectors: 2 } }),
      ).options,
    ).toEqual({});
  });

  test('options the card cannot price, or does not have, are left out; empty fields fill nothing', () => {
    expect(fillOf('air-filter-replacement', answer({ options: { filterQuality: 'gold' } })).options).toEqual({});
    expect(
      fillOf('vacuum-cleanout', answer({ serviceType: 'vacuum-cleanout', options: { ventCount: 99 } })).options,
    ).toEqual({});
    expect(
      fillOf('air-filter-replacement', answer({ options: { filterQuality: 'standard', ventCount: 3 } })).options,
    ).toEqual({ filterQuality: 'standard' });
    expect(fillOf('air-filter-replacement', answer({ visit: { ...PLACE, notes: '' } })).visit).not.toHaveProperty(
      'notes',
    );
  });

  test('a field typed or chosen in this page view keeps its value; the rest take the link', () => {
    const start: VisitInput = { ...EMPTY_VISIT, city: 'Ozark' }; // this tab's older draft
    const current: VisitInput = { ...start, street: '5 Oak Ave', date: '2026-12-09' }; // typed here
    expect(fillUntyped(current, start, PLACE)).toEqual({
      ...PLACE,
      street: '5 Oak Ave',
      date: '2026-12-09',
      window: '',
    });
    expect(
      fillUntyped({ filterQuality: 'ultra_premium' }, { filterQuality: 'standard' }, { filterQuality: 'premium' }),
    ).toEqual({ filterQuality: 'ultra_premium' });
    expect(
      fillUntyped({ filterQuality: 'standard' }, { filterQuality: 'standard' }, { filterQuality: 'premium' }),
    ).toEqual({ filterQuality: 'premium' });
  });
});

describe('what the card says (docs/product/due-again.md#book-again)', () => {
  test('welcome back, or that the service was booked again since, the day in words', () => {
    expect(welcomeLine({ bookedAgainOn: null })).toBe(WELCOME_BACK);
    expect(welcomeLine({ bookedAgainOn: '2026-12-01' })).toBe(
      'You booked this again on Tuesday, December 1, 2026. Book another below, or see your visits in your account.',
    );
  });

  test("an altered (400) or expired (410) link: the server's words, else the doc's; anything else says nothing", () => {
    expect(refusalLine(new ApiError('', 400))).toBe(BOOK_AGAIN_ALTERED);
    expect(refusalLine(new ApiError('', 410))).toBe(BOOK_AGAIN_EXPIRED);
    expect(refusalLine(new ApiError('The server says so.', 410))).toBe('The server says so.');
    expect(refusalLine(new ApiError('', 500))).toBeNull();
    expect(refusalLine(new ApiError('', 0))).toBeNull();
    expect(refusalLine(new Error('boom'))).toBeNull();
  });
});

describe('reading a link on the card (docs/product/due-again.md#book-again)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  function page(href: string, reply: () => Promise<Response>) {
    const replaceState = vi.fn();
    const fetch = vi.fn(reply);
    vi.stubGlobal('window', { location: { href } });
    vi.stubGlobal('history', { state: null, replaceState });
    vi.stubGlobal('fetch', fetch);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const draft: BookingDraft = { options: { filterQuality: 'standard' }, visit: { ...EMPTY_VISIT } };
    const card = {
      setOptions: (update: (current: Record<string, string>) => Record<string, string>) => {
        draft.options = update(draft.options);
      },
      setVisit: (update: (current: VisitInput) => VisitInput) => {
        draft.visit = update(draft.visit);
      },
    };
    const start = structuredClone(draft);
    return { replaceState, fetch, draft, run: () => bookAgain('air-filter-replacement', start, card) };
  }

  test('fills the card, takes the link out of the address bar, and welcomes back', async () => {
    const { replaceState, fetch, draft, run } = page(
      'https://example.com/services/air-filter-replacement?again=tok',
      () => Promise.resolve(Response.json(answer())),
    );
    draft.visit.phone = '(417) 555-0199'; // typed before the answer came
    await expect(run()).resolves.toBe(WELCOME_BACK);
    expect(replaceState).toHaveBeenCalledWith(null, '', '/services/air-filter-replacement');
    expect(fetch).toHaveBeenCalledWith('/api/book-again?t=tok', expect.anything());
    expect(draft).toEqual({
      options: { filterQuality: 'premium' },
      visit: { ...EMPTY_VISIT, ...PLACE, phone: '(417) 555-0199' },
    });
  });

  test.each([
    [400, BOOK_AGAIN_ALTERED],
    [410, BOOK_AGAIN_EXPIRED],
  ])('a %i leaves the card as it was and says why', async (status, line) => {
    const { draft, run } = page('https://example.com/services/air-filter-replacement?again=tok', () =>
      Promise.resolve(new Response('not json', { status })),
    );
    await expect(run()).resolves.toBe(line);
    expect(draft).toEqual({ options: { filterQuality: 'standard' }, visit: EMPTY_VISIT });
  });

  test('no connection: nothing said, the card as it was; no link: nothing asked', async () => {
    const failed = page('https://example.com/services/x?again=tok', () => Promise.reject(new TypeError('offline')));
    await expect(failed.run()).resolves.toBeNull();
    expect(failed.draft.visit).toEqual(EMPTY_VISIT);
    const none = page('https://example.com/services/x', () => Promise.reject(new Error('not asked')));
    await expect(none.run()).resolves.toBeNull();
    expect(none.fetch).not.toHaveBeenCalled();
    expect(none.replaceState).not.toHaveBeenCalled();
  });
});
