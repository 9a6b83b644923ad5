/**
 * A visit's statuses and every change it can go through (docs/product/visits.md#visits): who may make each
 * change (the owner, the customer, the card provider, the site itself), from which statuses, and
 * the statuses it leaves the visit in. The desk offers what this table lets the owner do, and the
 * functions' one transition (functions/_lib/visits/transition.ts) refuses anything else. Shared by
 * the desk and the functions; framework-free. Shared core: relative imports with the extension only.
 */

/** Where a visit stands. */
export const VISIT_STATUSES = ['requested', 'confirmed', 'done', 'no-show', 'cancelled'] as const;
/** One visit status. */
export type VisitStatus = (typeof VISIT_STATUSES)[number];

/** The statuses of a visit still to do: it takes a place in its window (counted against the capacity). */
export const PLACE_HOLDING_STATUSES: readonly VisitStatus[] = ['requested', 'confirmed'];

/** Whether a visit still takes a place in its window (counted against the capacity). */
export function holdsPlace(status: VisitStatus): boolean {
  return PLACE_HOLDING_STATUSES.includes(status);
}

/** Who changes a visit, as its history names them. */
export const VISIT_ACTORS = ['owner', 'customer', 'provider', 'site'] as const;
/** One of them. */
export type VisitActor = (typeof VISIT_ACTORS)[number];

/** One change a visit can go through. */
export interface VisitTransition {
  /** What the history calls it. */
  action: string;
  /** Who may make it. */
  by: VisitActor;
  /** The statuses it may start from. */
  from: readonly VisitStatus[];
  /** The statuses it may leave the visit in; `same` for a change of details only. */
  to: readonly VisitStatus[] | 'same';
  /**
   * Whether it raises the visit's version (its calendar sequence): the calendar entry changes, and
   * the links of earlier e-mails stop working (docs/product/visits.md#changing-a-visit).
   */
  raisesVersion: boolean;
}

const HOLDING = PLACE_HOLDING_STATUSES;

/**
 * Every change of a visit, one row per change and who makes it. A visit is made `requested` (a
 * paid booking, or a plan visit owed); from then on only these rows change it.
 */
export const VISIT_TRANSITIONS = [
  { action: 'propose', by: 'owner', from: ['requested'], to: 'same', raisesVersion: true },
  { action: 'confirm', by: 'owner', from: HOLDING, to: ['confirmed'], raisesVersion: true },
  { action: 'confirm', by: 'customer', from: ['requested'], to: ['confirmed'], raisesVersion: true },
  { action: 'another time', by: 'customer', from: ['requested'], to: ['requested'], raisesVersion: true },
  { action: 'reschedule', by: 'owner', from: HOLDING, to: ['requested', 'confirmed'], raisesVersion: true },
  { action: 'reschedule', by: 'customer', from: HOLDING, to: ['requested'], raisesVersion: true },
  { action: 'done', by: 'owner', from: HOLDING, to: ['done'], raisesVersion: false },
  { action: 'no-show', by: 'owner', from: HOLDING, to: ['no-show'], raisesVersion: false },
  { action: 'cancel', by: 'owner', from: [...HOLDING, 'no-show'], to: ['cancelled'], raisesVersion: true },
  { action: 'cancel', by: 'customer', from: HOLDING, to: ['cancelled'], raisesVersion: true },
  { action: 'notes', by: 'owner', from: VISIT_STATUSES, to: 'same', raisesVersion: false },
  { action: 'on my way', by: 'owner', from: ['confirmed'], to: 'same', raisesVersion: false },
  { action: 'refunded', by: 'provider', from: HOLDING, to: ['cancelled'], raisesVersion: true },
  { action: 'plan ending', by: 'site', from: HOLDING, to: ['cancelled'], raisesVersion: true },
  { action: 'second plan refunded', by: 'site', from: HOLDING, to: ['cancelled'], raisesVersion: true },
  { action: 'plan kept', by: 'site', from: ['cancelled'], to: ['requested'], raisesVersion: true },
  { action: 'plan changed', by: 'site', from: HOLDING, to: 'same', raisesVersion: false },
  { action: 'name added', by: 'site', from: HOLDING, to: 'same', raisesVersion: false },
] as const satisfies readonly VisitTransition[];

/** What the history calls a change. */
export type VisitTransitionName = (typeof VISIT_TRANSITIONS)[number]['action'];

/** The row of `action` made by `by`, or null when that actor may not make it at all. */
export function transitionOf(action: VisitTransitionName, by: VisitActor): VisitTransition | null {
  return VISIT_TRANSITIONS.find((t) => t.action === action && t.by === by) ?? null;
}

/** The statuses a visit in `status` can become, by any change that moves its status. */
export function nextStatuses(status: VisitStatus): VisitStatus[] {
  const next = new Set<VisitStatus>();
  for (const t of VISIT_TRANSITIONS as readonly VisitTransition[]) {
    if (t.to !== 'same' && t.from.includes(status)) for (const to of t.to) next.add(to);
  }
  return VISIT_STATUSES.filter((s) => next.has(s));
}

/** What the owner does to a visit on the desk, in the desk's order. */
export const VISIT_ACTIONS = ['propose', 'confirm', 'reschedule', 'done', 'no-show', 'cancel', 'notes'] as const;
/** One owner action. */
export type VisitAction = (typeof VISIT_ACTIONS)[number];

/** Whether the owner may apply `action` to a visit in `status`. */
export function allows(status: VisitStatus, action: VisitAction): boolean {
  return transitionOf(action, 'owner')?.from.includes(status) ?? false;
}

/** The actions a visit in `status` offers the owner, in the desk's order. */
export function actionsFor(status: VisitStatus): VisitAction[] {
  return VISIT_ACTIONS.filter((action) => allows(status, action));
}

/** How each change reads in a refusal. */
const REFUSED_VERB: Readonly<Record<VisitTransitionName, string>> = {
  propose: 'given a proposed time',
  confirm: 'confirmed',
  'another time': 'given another time',
  reschedule: 'moved',
  done: 'marked done',
  'no-show': 'marked a no-show',
  cancel: 'cancelled',
  notes: 'annotated',
  'on my way': 'texted on my way',
  refunded: 'cancelled',
  'plan ending': 'cancelled',
  'second plan refunded': 'cancelled',
  'plan kept': 'requested again',
  'plan changed': 'changed',
  'name added': 'changed',
};

/** What any other change of a visit is answered while its cancellation's refund is under way (docs/product/visits.md#refunds). */
export const CANCELLING_MESSAGE = 'This visit is being cancelled and refunded. Reload to see it.';

/** The refusal of a change the status does not allow, in words. */
export function refusal(status: VisitStatus, action: VisitTransitionName): string {
  return `A visit that is ${status} cannot be ${REFUSED_VERB[action]}.`;
}
