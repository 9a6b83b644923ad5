/**
 * What we charge for a one-time service, in cents (docs/product/services.md#one-time-services). The booking
 * card shows this module's result and the payment function charges the same, so they cannot
 * disagree. Framework-free, no secrets. Shared core: Node loads it directly from functions/, so
 * relative imports with the extension only. Plan prices: plans/prices.ts.
 */

/** Services that can be booked and paid online (docs/product/services.md#one-time-services). */
export const SERVICE_TYPES = [
  'air-filter-replacement',
  'dryer-vent-cleaning',
  'light-bulb-replacement',
  'refrigerator-filters',
  'smoke-detector-batteries',
  'vacuum-cleanout',
] as const;
export type ServiceType = (typeof SERVICE_TYPES)[number];

/** What each service is called on receipts and the checkout page (the service pages' titles). */
export const SERVICE_NAMES: Record<ServiceType, string> = {
  'air-filter-replacement': 'Air Filter Replacement',
  'dryer-vent-cleaning': 'Dryer Vent Cleaning',
  'light-bulb-replacement': 'Light Bulb Replacement',
  'refrigerator-filters': 'Refrigerator Filters',
  'smoke-detector-batteries': 'Smoke Detector Batteries',
  'vacuum-cleanout': 'Vacuum Clean-out',
};

/** Filter grades for air filter replacement, cheapest first (docs/product/services.md#one-time-services). */
export const FILTER_QUALITIES = ['standard', 'premium', 'super_premium', 'ultra_premium'] as const;
export type FilterQuality = (typeof FILTER_QUALITIES)[number];

/** Display names of the filter grades. */
export const FILTER_QUALITY_LABELS: Record<FilterQuality, string> = {
  standard: 'Standard',
  premium: 'Premium',
  super_premium: 'Super Premium',
  ultra_premium: 'Ultra Premium',
};

/** Surcharge per filter grade, in cents. */
export const FILTER_SURCHARGE_CENTS: Record<FilterQuality, number> = {
  standard: 0,
  premium: 500,
  super_premium: 1000,
  ultra_premium: 1500,
};

/** Base price of each service, in cents. */
export const BASE_PRICE_CENTS: Record<ServiceType, number> = {
  'air-filter-replacement': 2500,
  'dryer-vent-cleaning': 3500,
  'light-bulb-replacement': 2000,
  'refrigerator-filters': 2000,
  'smoke-detector-batteries': 2000,
  'vacuum-cleanout': 2000,
};

/** Price of each smoke detector beyond the first, in cents. */
export const PER_ADDITIONAL_DETECTOR_CENTS = 1000;
/** Price per vent of a vacuum clean-out, in cents (the base price is per vent). */
export const PER_VENT_CENTS = BASE_PRICE_CENTS['vacuum-cleanout'];

/** Allowed ranges of the numeric booking options (docs/product/services.md#one-time-services). */
export const OPTION_LIMITS = {
  additionalDetectors: { min: 0, max: 10, default: 0 },
  ventCount: { min: 1, max: 20, default: 1 },
} as const;

/** Booking options; each service reads only the one that applies to it. */
export interface BookingOptions {
  filterQuality?: unknown;
  additionalDetectors?: unknown;
  ventCount?: unknown;
}

/** A booking option outside what we sell: the field it concerns and a message for the customer. */
export class PricingError extends Error {
  /** The request field at fault, e.g. `options.ventCount`. */
  readonly field: string;

  constructor(field: string, message: string) {
    super(message);
    this.name = 'PricingError';
    this.field = field;
  }
}

function isServiceType(value: unknown): value is ServiceType {
  return typeof value === 'string' && (SERVICE_TYPES as readonly string[]).includes(value);
}

function isFilterQuality(value: unknown): value is FilterQuality {
  return typeof value === 'string' && (FILTER_QUALITIES as readonly string[]).includes(value);
}

function wholeNumberIn(field: keyof typeof OPTION_LIMITS, value: unknown): number {
  const { min, max, default: fallback } = OPTION_LIMITS[field];
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
    throw new PricingError(`options.${field}`, `${field} must be a whole number from ${min} to ${max}`);
  }
  return value;
}

/** The option each service's price depends on; a service not listed takes none. */
const SERVICE_OPTION: Partial<Record<ServiceType, keyof BookingOptions>> = {
  'air-filter-replacement': 'filterQuality',
  'smoke-detector-batteries': 'additionalDetectors',
  'vacuum-cleanout': 'ventCount',
};

/**
 * An option the service does not take (a misspelt `filterquality`, a `ventCount` on a filter
 * change) is refused rather than dropped: dropped, it would be charged and booked at the default.
 */
function refuseOtherOptions(serviceType: ServiceType, options: BookingOptions): void {
  const taken = SERVICE_OPTION[serviceType];
  for (const key of Object.keys(options)) {
    if (key === taken) continue;
    throw new PricingError(
      `options.${key}`,
      taken
        ? `${serviceType} has no option ${key}; its option is ${taken}`
        : `${serviceType} has no option ${key}; it takes no options`,
    );
  }
}

/**
 * The amount in cents for a one-time service with its options. Unknown services, options the
 * service does not take, unknown filter grades and numbers out of range throw a PricingError;
 * nothing is clamped or dropped.
 */
export function servicePriceCents(serviceType: unknown, options: BookingOptions = {}): number {
  if (!isServiceType(serviceType)) {
    throw new PricingError('serviceType', `serviceType must be one of: ${SERVICE_TYPES.join(', ')}`);
  }
  refuseOtherOptions(serviceType, options);
  switch (serviceType) {
    case 'air-filter-replacement': {
      const quality = options.filterQuality ?? 'standard';
      if (!isFilterQuality(quality)) {
        throw new PricingError('options.filterQuality', `filterQuality must be one of: ${FILTER_QUALITIES.join(', ')}`);
      }
      return BASE_PRICE_CENTS[serviceType] + FILTER_SURCHARGE_CENTS[quality];
    }
    case 'smoke-detector-batteries':
      return (
        BASE_PRICE_CENTS[serviceType] +
        PER_ADDITIONAL_DETECTOR_CENTS * wholeNumberIn('additionalDetectors', options.additionalDetectors)
      );
    case 'vacuum-cleanout':
      return PER_VENT_CENTS * wholeNumberIn('ventCount', options.ventCount);
    default:
      return BASE_PRICE_CENTS[serviceType];
  }
}
