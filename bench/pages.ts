/** The pages the Lighthouse bench measures (issue 9), each with the kind its budgets apply to. */

/** What a page is, for the budgets in bench/budgets.json. */
export type PageKind = 'home' | 'service' | 'blog-index' | 'article' | 'plan' | 'auth' | 'account';

/** One measured page. */
export interface BenchPage {
  /** Short name used in the results and the table. */
  name: string;
  path: string;
  kind: PageKind;
  /**
   * Measured signed in: a customer's session (made on the embedded auth emulator,
   * bench/lib/session.ts) is in the browser's localStorage before the page opens, as for a
   * returning customer. Otherwise the browser has no session.
   */
  signedIn?: boolean;
}

/**
 * Home, one service page, the blog index, the five articles, a plan page, the sign-in page, and
 * /account without a session (it goes on to /auth) and with one (issue 36).
 */
export const BENCH_PAGES: readonly BenchPage[] = [
  { name: 'home', path: '/', kind: 'home' },
  { name: 'service: air filter', path: '/services/air-filter-replacement', kind: 'service' },
  { name: 'blog index', path: '/blog', kind: 'blog-index' },
  { name: 'article: replacement guide', path: '/blog/air-filter-replacement-guide', kind: 'article' },
  { name: 'article: filter types', path: '/blog/air-filter-types-guide', kind: 'article' },
  { name: 'article: DIY vs pro', path: '/blog/diy-vs-professional-air-filter', kind: 'article' },
  { name: 'article: hidden costs', path: '/blog/hidden-costs-neglecting-air-filter', kind: 'article' },
  { name: 'article: how to change', path: '/blog/how-to-change-air-filter', kind: 'article' },
  { name: 'autopilot-full', path: '/autopilot-full', kind: 'plan' },
  { name: 'auth', path: '/auth', kind: 'auth' },
  { name: 'account: signed out', path: '/account', kind: 'account' },
  { name: 'account: signed in', path: '/account', kind: 'account', signedIn: true },
];
