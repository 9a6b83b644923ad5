/**
 * Links into the owner's desk (docs/product/desk.md#owners-desk): `/owner/visits/<id>` opens that visit,
 * `/owner?tab=<slug>` shows one tab. The owner alerts link the visit or list they are about, so one
 * tap from the e-mail reaches it. Pure. Shared core: relative imports with the extension only.
 */

/** The desk's views, in order (the bar's three, then More's list), with the slug a link (`?tab=`) names them by. */
export const DESK_TABS = [
  { slug: 'today', name: 'Today' },
  { slug: 'tomorrow', name: 'Tomorrow' },
  { slug: 'to-confirm', name: 'To confirm' },
  { slug: 'plan-visits', name: 'Plan visits' },
  { slug: 'week', name: 'Week' },
  { slug: 'closed-days', name: 'Closed days' },
  { slug: 'capacity', name: 'Capacity' },
  { slug: 'leads', name: 'Leads' },
  { slug: 'customers', name: 'Customers' },
  // docs/product/due-again.md#the-owners-list
  { slug: 'due', name: 'Due' },
  { slug: 'export', name: 'Export' },
] as const;

export type DeskTab = (typeof DESK_TABS)[number]['slug'];

/** The id of the element holding the view the desk shows (src/features/owner/DeskTabs.tsx; tests find the view by it). */
export const DESK_VIEW_ID = 'desk-view';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Where a link points on the desk: one visit, or one tab. */
export type DeskTarget = { visit: string } | { tab: DeskTab };

/** The desk's path for `target` (the desk itself when there is none or the visit id is not one). */
export function deskPath(target: DeskTarget | null): string {
  if (target && 'visit' in target && UUID.test(target.visit)) return `${VISIT_PATH}${target.visit.toLowerCase()}`;
  if (target && 'tab' in target) return `/owner?tab=${target.tab}`;
  return '/owner';
}

/** Where a visit's own address starts: `/owner/visits/<id>`. */
export const VISIT_PATH = '/owner/visits/';

/** Whether a desk path opens one visit. */
export function opensVisit(path: string): boolean {
  return path.startsWith(VISIT_PATH);
}

/**
 * What a desk address asks for (its path and query, `/owner/visits/<id>` or `/owner?tab=leads`): the
 * visit to open (a valid id only; `?visit=<id>`, the older form, too) and the tab's index (0: Today).
 */
export function readDeskLink(address: string): { visit: string | null; tab: number } {
  const url = new URL(address, 'http://desk/owner');
  const visit = url.pathname.startsWith(VISIT_PATH)
    ? url.pathname.slice(VISIT_PATH.length)
    : (url.searchParams.get('visit') ?? '');
  const tab = DESK_TABS.findIndex(({ slug }) => slug === url.searchParams.get('tab'));
  return { visit: UUID.test(visit) ? visit.toLowerCase() : null, tab: Math.max(tab, 0) };
}

/** Whether a desk address names a visit at all, valid or not (one that is not shows 'That visit could not be found.'). */
export function namesVisit(address: string): boolean {
  const url = new URL(address, 'http://desk/owner');
  return url.pathname.startsWith(VISIT_PATH) || url.searchParams.has('visit');
}
