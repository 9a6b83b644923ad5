/**
 * What an order and a visit are called in words, wherever they are named: the e-mails, the owner's
 * events and alerts, the desk, the account's orders and the visit page. Pure. Shared core: relative
 * imports with the extension only.
 */
import { bookingSummary } from '../booking/booking.ts';
import { SERVICE_NAMES, type ServiceType } from '../booking/pricing.ts';
import { getPlan, isBillingPeriod, isPlanType, PERIOD_TERMS } from '../plans/plans.ts';

/**
 * Extras' lines in words, each with its quantity: "3 × LED bulb, standard (A19), 1 × Special-order
 * part: Hinge"; '' without a line. Reads stored or sent JSON, so anything else is left out.
 */
export function extrasWords(items: unknown): string {
  if (!Array.isArray(items)) return '';
  return items
    .flatMap((item: unknown) => {
      if (typeof item !== 'object' || item === null) return [];
      const { name, qty } = item as Record<string, unknown>;
      return typeof name === 'string' && typeof qty === 'number' ? [`${qty} × ${name}`] : [];
    })
    .join(', ');
}

/**
 * What an order was for, in words: "Air Filter Replacement (Premium filters)", "Autopilot Full
 * subscription (annual)", "Extras: 3 × LED bulb, standard (A19)".
 */
export function orderDescription(row: {
  kind: 'service' | 'subscription' | 'extras';
  item: string;
  options: Record<string, unknown>;
}): string {
  if (row.kind === 'extras') {
    // A pay request paid (docs/product/extras.md#paid): its lines, else the visit's service.
    const items = extrasWords(row.options['items']);
    if (items) return `Extras: ${items}`;
    const service = Object.hasOwn(SERVICE_NAMES, row.item)
      ? SERVICE_NAMES[row.item as ServiceType]
      : isPlanType(row.item)
        ? `${getPlan(row.item).name} quarterly visit`
        : row.item;
    return service ? `Extras for ${service}` : 'Extras';
  }
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
