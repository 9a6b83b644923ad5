/**
 * What a one-time booking records besides its price: the options that apply to the service (with
 * the defaults the price used) and a one-line summary for the receipt. Call after
 * `servicePriceCents` accepted the same options. Shared core: only functions/ import it, and Node
 * loads it directly, so relative imports with the extension only.
 */
import {
  FILTER_QUALITY_LABELS,
  OPTION_LIMITS,
  type BookingOptions,
  type FilterQuality,
  type ServiceType,
} from './pricing.ts';

/** The options a service's price depends on, defaults filled in (servicePriceCents has refused any other). */
export function bookedOptions(serviceType: ServiceType, options: BookingOptions): Record<string, string | number> {
  switch (serviceType) {
    case 'air-filter-replacement':
      return { filterQuality: (options.filterQuality as FilterQuality | undefined) ?? 'standard' };
    case 'smoke-detector-batteries':
      return {
        additionalDetectors:
          (options.additionalDetectors as number | undefined) ?? OPTION_LIMITS.additionalDetectors.default,
      };
    case 'vacuum-cleanout':
      return { ventCount: (options.ventCount as number | undefined) ?? OPTION_LIMITS.ventCount.default };
    default:
      return {};
  }
}

/** "Premium filter", "2 additional detectors", "3 vents", or null when nothing was chosen. */
export function bookingSummary(serviceType: ServiceType, options: Record<string, string | number>): string | null {
  const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
  switch (serviceType) {
    case 'air-filter-replacement':
      return `${FILTER_QUALITY_LABELS[options['filterQuality'] as FilterQuality]} filter`;
    case 'smoke-detector-batteries':
      return plural(Number(options['additionalDetectors']), 'additional detector', 'additional detectors');
    case 'vacuum-cleanout':
      return plural(Number(options['ventCount']), 'vent', 'vents');
    default:
      return null;
  }
}
