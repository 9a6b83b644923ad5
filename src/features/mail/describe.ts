/**
 * What an order and a visit are called in words, wherever they are named: the e-mails, the owner's
 * events and alerts, the desk, the account's orders and the visit page. Pure. Shared core: relative
 * imports with the extension only.
 */
import { bookingSummary } from '../booking/booking.ts';
import { SERVICE_NAMES, type ServiceType } from '../booking/pricing.ts';
import { getPlan, isBillingPeriod, isPlanType, PERIOD_TERMS } from '../plans/plans.ts';

/**
 * What an order was for, in words: "Air Filter Replacement (Premium filters)", "Autopilot Full
 * subscription (annual)".
 */
export function orderDescription(row: {
  kind: 'service' | 'subscription';
  item: string;
  options: Record<string, unknown>;
}): string {
  if (row.kind === 'subscription') {
    if (row.item !== 'lite' && row.item !== 'full') return row.item;
    const period = row.options['billingPeriod'];
    const paid = isBillingPeriod(period) ? ` (${PERIOD_TERMS[period].name})` : '';
    return `${getPlan(row.item).name} subscription${paid}`;
  }
  if (!Object.hasOwn(SERVICE_NAMES, row.item)) return row.item;
  const service = row.item as ServiceType;
  const detail = bookingSummary(service, row.options as Record<string, string | number>);
  return detail ? `${SERVICE_NAMES[service]} (${detail})` : SERVICE_NAMES[service];
}

/** What a visit does, in words: a booking's service with its options, or '<plan> quarterly visit'. */
export function visitService(row: {
  service: string;
  options: Record<string, unknown>;
  plan_visit_no: number | null;
}): string {
  if (Object.hasOwn(SERVICE_NAMES, row.service)) {
    return orderDescription({ kind: 'service', item: row.service, options: row.options });
  }
  if (row.plan_visit_no !== null && isPlanType(row.service)) return `${getPlan(row.service).name} quarterly visit`;
  return row.service;
}
