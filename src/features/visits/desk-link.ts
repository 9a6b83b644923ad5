/**
 * Links into the owner's desk (docs/product/desk.md#owners-desk): `/owner?visit=<id>` opens that visit,
 * `/owner?tab=<slug>` shows one tab. The owner alerts link the visit or list they are about, so one
 * tap from the e-mail reaches it. Pure. Shared core: relative imports with the extension only.
 */

/** The desk's tabs, in order, with the slug a link names them by. */
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

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Where a link points on the desk: one visit, or one tab. */
export type DeskTarget = { visit: string } | { tab: DeskTab };

/** The desk's path for `target` (the desk itself when there is none or the visit id is not one). */
export function deskPath(target: DeskTarget | null): string {
  if (target && 'visit' in target && UUID.test(target.visit)) return `/owner?visit=${target.visit.toLowerCase()}`;
  if (target && 'tab' in target) return `/owner?tab=${target.tab}`;
  return '/owner';
}

/** What a desk URL's query asks for: the visit to open (a valid id only) and the tab's index (0: Today). */
export function readDeskLink(search: string): { visit: string | null; tab: number } {
  const query = new URLSearchParams(search);
  const visit = query.get('visit') ?? '';
  const tab = DESK_TABS.findIndex(({ slug }) => slug === query.get('tab'));
  return { visit: UUID.test(visit) ? visit.toLowerCase() : null, tab: Math.max(tab, 0) };
}
