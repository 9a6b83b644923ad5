/**
 * A visit's status and what the owner may do from each (docs/product.md#visits): confirm a time,
 * move it, mark it done, a no-show, cancel it (with or without a refund). Shared by the desk and the
 * owner's functions; framework-free. Shared core: Node loads it directly from functions/, so
 * relative imports with the extension only.
 */

/** Where a visit stands. */
export const VISIT_STATUSES = ['requested', 'confirmed', 'done', 'no-show', 'cancelled'] as const;
/** One visit status. */
export type VisitStatus = (typeof VISIT_STATUSES)[number];

/** What the owner does to a visit. */
export const VISIT_ACTIONS = ['confirm', 'reschedule', 'done', 'no-show', 'cancel', 'notes'] as const;
/** One owner action. */
export type VisitAction = (typeof VISIT_ACTIONS)[number];

/** The statuses each action may start from; `notes` fits any visit. */
const FROM: Readonly<Record<VisitAction, readonly VisitStatus[]>> = {
  confirm: ['requested', 'confirmed'],
  reschedule: ['requested', 'confirmed'],
  done: ['requested', 'confirmed'],
  'no-show': ['requested', 'confirmed'],
  cancel: ['requested', 'confirmed', 'no-show'],
  notes: VISIT_STATUSES,
};

/** Whether `action` may be applied to a visit in `status`. */
export function allows(status: VisitStatus, action: VisitAction): boolean {
  return FROM[action].includes(status);
}

/** The actions a visit in `status` offers, in the desk's order. */
export function actionsFor(status: VisitStatus): VisitAction[] {
  return VISIT_ACTIONS.filter((action) => allows(status, action));
}

/** Whether a visit still takes a place in its window (counted against the capacity). */
export function holdsPlace(status: VisitStatus): boolean {
  return status === 'requested' || status === 'confirmed';
}

/** The refusal of an action the status does not allow, in words. */
export function refusal(status: VisitStatus, action: VisitAction): string {
  const verb: Record<VisitAction, string> = {
    confirm: 'confirmed',
    reschedule: 'moved',
    done: 'marked done',
    'no-show': 'marked a no-show',
    cancel: 'cancelled',
    notes: 'annotated',
  };
  return `A visit that is ${status} cannot be ${verb[action]}.`;
}
