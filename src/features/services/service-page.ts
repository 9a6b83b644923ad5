/**
 * What one service page derives from its content entry (docs/product/services.md#service-pages): where
 * 'Schedule Service' leads, the plans that include the service, its offers and its breadcrumb.
 */
import type { CollectionEntry } from 'astro:content';
import { servicePriceCents } from '@/features/booking/pricing';
import { PLANS, plansIncluding, type Plan } from '@/features/plans/plans';
import { formatUsd } from '@/lib/format';
import type { OfferInput } from '@/lib/jsonld';
import type { PriceSegment } from '@/components/price-segment';
import { chargeStatement, plainText, priceSegments } from './price-text';

/** A service page's derived parts; `path` is root-relative. */
export interface ServicePage {
  readonly path: string;
  readonly scheduleHref: string;
  readonly plans: readonly Plan[];
  readonly offers: readonly OfferInput[];
  readonly crumbs: readonly { name: string; path: string }[];
  /** The FAQ with its `{charge}`, `{range}` and `{extras}` filled in: plain for structured data, marked for the page. */
  readonly faq: readonly { question: string; answer: string; segments: readonly PriceSegment[] }[];
}

/** The derived parts of the page of `entry`. */
export function servicePage(entry: CollectionEntry<'services'>): ServicePage {
  const { data } = entry;
  const path = `/services/${entry.id}`;
  const plans = plansIncluding(entry.id);
  // Only the air filter page sends 'Schedule Service' to its own booking card; the rest to the contact form.
  const scheduleHref =
    data.serviceType === 'air-filter-replacement' ? '#booking' : `/?service=${data.contactService}#contact`;
  // Offers only for a price the page shows (docs/product/site.md#page-metadata): the booking card's
  // total with its defaults. Plan prices live on the plan pages, and ranges are not our price.
  const offers: OfferInput[] = data.serviceType
    ? [{ name: data.title, price: servicePriceCents(data.serviceType, {}) / 100, path }]
    : [];
  const crumbs = [
    { name: 'Home', path: '/' },
    { name: 'Services', path: '/services' },
    { name: data.title, path },
  ];
  const context = { serviceType: data.serviceType, ranges: data.pricing.ranges, page: entry.id };
  const faq = data.faq.map(({ question, answer }) => {
    const segments = priceSegments(answer, context);
    return { question, answer: plainText(segments), segments };
  });
  return { path, scheduleHref, plans, offers, crumbs, faq };
}

/**
 * The price line of a service on the services hub (docs/product/services.md#services-hub), from the pricing
 * modules: what the booking charges, the plans' monthly prices, or how the service is priced
 * when it is not booked online.
 */
export function hubPrice(entry: CollectionEntry<'services'>): PriceSegment[] {
  const { serviceType } = entry.data;
  if (serviceType) return [{ kind: 'charge', text: chargeStatement(serviceType), serviceType }];
  if (entry.id === 'autopilot-plans') {
    const plans = PLANS.map((plan) => `${plan.name} ${formatUsd(plan.monthly)}/month`).join(', ');
    return [{ kind: 'text', text: `${plans}, quarterly visits, no contract` }];
  }
  const plans = plansIncluding(entry.id);
  const included = plans.length > 0 ? `Included in every visit of ${plans.map((p) => p.name).join(' and ')}; ` : '';
  return [{ kind: 'text', text: `${included}${included ? 'otherwise q' : 'Q'}uoted before the visit` }];
}
