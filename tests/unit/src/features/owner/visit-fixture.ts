/** A visit as the owner API answers it, for the desk's unit tests. */
import type { OwnerVisit } from '@/features/visits/owner-api';

/** A requested morning visit on Tuesday, December 1, 2026, with what a case changes. */
export function visit(id: string, over: Partial<OwnerVisit> = {}): OwnerVisit {
  return {
    id,
    status: 'requested',
    date: '2026-12-01',
    window: 'morning',
    start: null,
    end: null,
    service: 'Dryer Vent Cleaning',
    serviceType: 'dryer-vent-cleaning',
    options: {},
    amountCents: 3500,
    orderNumber: `ORD-${id.toUpperCase()}`,
    customer: { name: `Customer ${id}`, email: `${id}@example.com`, phone: '(417) 555-0142' },
    address: { street: `${id} Elm St`, city: 'Nixa', zip: '65714' },
    notes: '',
    techNotes: '',
    completionNote: null,
    overCapacity: false,
    route: null,
    requestedAt: '2026-11-20T15:00:00.000Z',
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
    ...over,
  };
}
