/**
 * The facts a visit's e-mails name (docs/product/emails.md#e-mails): the customer, the order number, the
 * service, where and when, the calendar entry's version and the visit's links as they now are.
 */
import { SERVICE_NAMES, type ServiceType } from '../../../src/features/booking/pricing.ts';
import { visitService } from '../../../src/features/mail/describe.ts';
import type { VisitFacts } from '../../../src/features/mail/visit-messages.ts';
import { visitAddress } from '../../../src/features/visits/windows.ts';
import { publicOrigin } from '../platform/config.ts';
import { visitLinks } from '../visits/links.ts';
import type { VisitRow, VisitWithOrder } from '../visits/store.ts';

/** The facts a visit's e-mails name, after a change, with its links as they are after it. */
export function factsOf(row: VisitWithOrder, next: Partial<VisitRow>): VisitFacts {
  const merged = { ...row, ...next };
  return {
    name: merged.customer_name,
    orderNumber: merged.order_number ?? merged.id.slice(0, 8).toUpperCase(),
    service: Object.hasOwn(SERVICE_NAMES, merged.service)
      ? SERVICE_NAMES[merged.service as ServiceType]
      : visitService(merged),
    address: visitAddress(merged),
    date: merged.day,
    window: merged.time_window,
    confirmed: merged.start_time && merged.end_time ? { start: merged.start_time, end: merged.end_time } : null,
    sequence: merged.calendar_sequence,
    siteUrl: publicOrigin(),
    links: visitLinks(merged),
    proposedStart: merged.status === 'requested' ? merged.proposed_start : null,
  };
}
