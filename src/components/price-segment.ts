/**
 * A run of a service page's text as PriceText marks it up (docs/product/services.md#informational-ranges):
 * plain text, a statement of what we charge for a service, an informational range with what it
 * covers, or an extra of the catalogue with its listed price (docs/product/extras.md#where-customers-read-it).
 * The services feature cuts its texts into these (features/services/price-text.ts).
 */
export type PriceSegment =
  | { readonly kind: 'text'; readonly text: string }
  | { readonly kind: 'charge'; readonly text: string; readonly serviceType: string }
  | { readonly kind: 'range'; readonly text: string; readonly covers: string }
  | { readonly kind: 'extra'; readonly text: string; readonly extraId: string };
