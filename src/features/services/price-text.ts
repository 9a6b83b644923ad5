/**
 * How a service page states prices (docs/product/services.md#informational-ranges): what we charge, worded
 * from the pricing module, and the informational ranges with what each covers. Content writes
 * `{charge}` and `{range}` / `{range:N}` in its text instead of amounts, and `{extras}` for the
 * page's extras with their listed prices (docs/product/extras.md#where-customers-read-it), so no
 * figure is typed by hand. Every segment carries its kind, which the pages mark up as `data-price`
 * and the price test (tests/built/prices.test.ts) checks against this module, the pricing module
 * and the extras' catalogue.
 */
import {
  BASE_PRICE_CENTS,
  FILTER_QUALITIES,
  FILTER_QUALITY_LABELS,
  PER_ADDITIONAL_DETECTOR_CENTS,
  PER_VENT_CENTS,
  servicePriceCents,
  type ServiceType,
} from '@/features/booking/pricing';
import type { PriceSegment } from '@/components/price-segment';
import { extrasFor } from '@/features/extras/extras';
import { formatCents } from '@/lib/format';

/**
 * An informational range of a service page: a market price for a whole job done elsewhere
 * (`market`), or the price of a part on its own (`part`), never what we charge.
 */
export interface PriceRange {
  /** As shown, e.g. "$89-129" or "$10-15 per detector". */
  readonly range: string;
  /** What the range is the price of, read after the range: "$89-129 for <covers>". */
  readonly covers: string;
  readonly kind: 'market' | 'part';
}

const price = (cents: number) => formatCents(cents);

/** What we charge for a service, in words, every amount from the pricing module. */
export function chargeStatement(serviceType: ServiceType): string {
  switch (serviceType) {
    case 'air-filter-replacement': {
      const cheapest = FILTER_QUALITIES[0];
      const dearest = FILTER_QUALITIES[FILTER_QUALITIES.length - 1] ?? cheapest;
      const low = servicePriceCents(serviceType, { filterQuality: cheapest });
      const high = servicePriceCents(serviceType, { filterQuality: dearest });
      return `${price(low)} with a ${FILTER_QUALITY_LABELS[cheapest]} filter, up to ${price(high)} with ${FILTER_QUALITY_LABELS[dearest]}, the filter included`;
    }
    case 'dryer-vent-cleaning':
      return `${price(BASE_PRICE_CENTS[serviceType])} for the cleaning of one dryer vent`;
    case 'light-bulb-replacement':
      return `${price(BASE_PRICE_CENTS[serviceType])} for the visit, with the bulbs extra`;
    case 'refrigerator-filters':
      return `${price(BASE_PRICE_CENTS[serviceType])} for the visit and installation, with the filter extra`;
    case 'smoke-detector-batteries':
      return `${price(BASE_PRICE_CENTS[serviceType])} for the first detector and ${price(PER_ADDITIONAL_DETECTOR_CENTS)} for each additional one`;
    case 'vacuum-cleanout':
      return `${price(PER_VENT_CENTS)} per vent or inlet`;
  }
}

/** A range as read in a sentence: "$89-129 for a full cleaning elsewhere ...". */
export function rangeStatement(range: PriceRange): string {
  return `${range.range} for ${range.covers}`;
}

/** The service a text is about: what it can be charged online for, its ranges and its page's id. */
export interface PriceContext {
  readonly serviceType?: ServiceType | undefined;
  readonly ranges: readonly PriceRange[];
  /** The service page's id (content/services/<id>.yaml), whose extras `{extras}` lists. */
  readonly page?: string | undefined;
}

/**
 * The extras a visit of the service page `page` may use with a listed price, each as its own
 * segment ("LED bulb, standard (A19): $8.00"), separated by semicolons; the special-order part,
 * priced by the owner, is not listed (docs/product/extras.md#the-catalogue).
 */
export function extrasSegments(page: string): PriceSegment[] {
  const listed = extrasFor([page]).filter((extra) => !extra.ownerPriced);
  return listed.flatMap((extra, i): PriceSegment[] => [
    ...(i > 0 ? [{ kind: 'text', text: '; ' } as const] : []),
    { kind: 'extra', text: `${extra.name}: ${formatCents(extra.priceCents)}`, extraId: extra.id },
  ]);
}

const TOKEN = /\{(charge|range|extras)(?::(\d+))?\}/g;

/**
 * Splits a content text into segments, replacing `{charge}` with what we charge, `{range}` /
 * `{range:N}` with the Nth range (from 0) and its meaning, and `{extras}` with the page's extras and
 * their listed prices. An unknown token, a `{charge}` on a service that is not booked online, a
 * missing range, an `{extras}` on a page without listed extras or a dollar amount typed into the
 * text throws, so the build fails instead of stating an unexplained price.
 */
export function priceSegments(text: string, context: PriceContext): PriceSegment[] {
  const segments: PriceSegment[] = [];
  let last = 0;
  const plain = (chunk: string) => {
    if (/\$\s?\d/.test(chunk)) {
      throw new Error(`A price is typed into "${text}": write {charge}, {range} or {extras} instead`);
    }
    if (chunk) segments.push({ kind: 'text', text: chunk });
  };
  for (const match of text.matchAll(TOKEN)) {
    plain(text.slice(last, match.index));
    last = match.index + match[0].length;
    if (match[1] === 'extras') {
      const listed = context.page ? extrasSegments(context.page) : [];
      if (!listed.length) throw new Error(`{extras} in "${text}", but the page has no extras with a listed price`);
      segments.push(...listed);
    } else if (match[1] === 'charge') {
      if (!context.serviceType) throw new Error(`{charge} in "${text}", but the service is not booked online`);
      segments.push({ kind: 'charge', text: chargeStatement(context.serviceType), serviceType: context.serviceType });
    } else {
      const range = context.ranges[Number(match[2] ?? 0)];
      if (!range) throw new Error(`${match[0]} in "${text}" names no range of this service`);
      segments.push({ kind: 'range', text: rangeStatement(range), covers: range.covers });
    }
  }
  plain(text.slice(last));
  return segments;
}

/** The segments as plain text, for structured data and meta descriptions. */
export function plainText(segments: readonly PriceSegment[]): string {
  return segments.map((s) => s.text).join('');
}
