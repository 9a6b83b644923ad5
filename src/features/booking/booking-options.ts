/**
 * The option field of each bookable service's card (docs/product/services.md#booking-card), and the options
 * a card's typed values stand for. Framework-free: the BookingCard island renders from it.
 */
import { formatCents } from '@/lib/format';
import {
  OPTION_LIMITS,
  PER_ADDITIONAL_DETECTOR_CENTS,
  PER_VENT_CENTS,
  PricingError,
  servicePriceCents,
  type BookingOptions,
  type ServiceType,
} from './pricing';

/** A number option: its field name, label, hint and range. */
export interface NumberOption {
  name: keyof typeof OPTION_LIMITS;
  label: string;
  hint: string;
  min: number;
  max: number;
  default: number;
}

/** The number field of a service's card, if it has one. */
export function numberOption(serviceType: ServiceType): NumberOption | null {
  if (serviceType === 'smoke-detector-batteries') {
    return {
      name: 'additionalDetectors',
      label: 'Additional detectors',
      hint: `Your first detector is included. Each additional detector adds ${formatCents(PER_ADDITIONAL_DETECTOR_CENTS)}.`,
      ...OPTION_LIMITS.additionalDetectors,
    };
  }
  if (serviceType === 'vacuum-cleanout') {
    return {
      name: 'ventCount',
      label: 'Number of vents',
      hint: `${formatCents(PER_VENT_CENTS)} per vent or inlet.`,
      ...OPTION_LIMITS.ventCount,
    };
  }
  return null;
}

/** What the price of a service leaves out, said on its card. */
export function extraNote(serviceType: ServiceType): string | null {
  if (serviceType === 'light-bulb-replacement') {
    return 'Bulbs are not included in the price: tell us what you need, or we can bring LED bulbs.';
  }
  if (serviceType === 'refrigerator-filters') {
    return 'The filter itself is not included in the price: we match the right one to your fridge.';
  }
  return null;
}

/** The card's first state: the default grade and numbers, as the fields show them. */
export function defaultOptionValues(serviceType: ServiceType): Record<string, string> {
  const number = numberOption(serviceType);
  if (serviceType === 'air-filter-replacement') return { filterQuality: 'standard' };
  return number ? { [number.name]: String(number.default) } : {};
}

/** The options typed values stand for: an empty number field reads as NaN (refused by pricing). */
export function optionsFrom(values: Record<string, string>): BookingOptions {
  const options: BookingOptions = {};
  if (values['filterQuality'] !== undefined) options.filterQuality = values['filterQuality'];
  for (const field of ['additionalDetectors', 'ventCount'] as const) {
    const raw = values[field];
    if (raw !== undefined) options[field] = raw === '' ? Number.NaN : Number(raw);
  }
  return options;
}

/** The total of the options, or the message saying why they are refused. */
export function pricedOptions(
  serviceType: ServiceType,
  values: Record<string, string>,
): { cents: number } | { problem: string } {
  try {
    return { cents: servicePriceCents(serviceType, optionsFrom(values)) };
  } catch (error) {
    if (!(error instanceof PricingError)) throw error;
    const number = numberOption(serviceType);
    return { problem: number ? `Enter a whole number from ${number.min} to ${number.max}.` : error.message };
  }
}
