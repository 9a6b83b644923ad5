/**
 * A visit's pay request for extras in the desk's words (docs/product/extras.md#pay-requests):
 * 'Unpaid: <total> (sent <day>)', 'Paid <amount> (tip <tip>)', 'Refunded <amount>', 'Cancelled',
 * its lines, and which of 'Charge extras', 'Cancel pay request' and 'Refund extras' the visit
 * offers. Framework-free, and apart from the extras form's module (extras-draft.ts) so Today's
 * cards carry these words without the catalogue and its schemas.
 */
import type { PayRequest, PricedExtra } from '@/features/extras/extras';
import type { OwnerVisit } from '@/features/visits/owner-api';
import { businessToday, formatDay } from '@/lib/dates';
import { formatCents } from '@/lib/format';

/** What the customer paid: the extras and the tip. */
export function paidCents(request: Pick<PayRequest, 'amountCents' | 'tipCents'>): number {
  return request.amountCents + request.tipCents;
}

/**
 * The pay request's state: 'Unpaid: $16.00 (sent Tue, Dec 8)' (the day it was made, in
 * Springfield), 'Paid $17.60 (tip $1.60)' (the extras and the tip), or 'Cancelled'.
 */
export function payRequestLabel(
  request: Pick<PayRequest, 'status' | 'amountCents' | 'tipCents' | 'createdAt'>,
): string {
  switch (request.status) {
    case 'unpaid':
      return `Unpaid: ${formatCents(request.amountCents)} (sent ${formatDay(businessToday(new Date(request.createdAt)), 'short')})`;
    case 'paid':
      return `Paid ${formatCents(paidCents(request))} (tip ${formatCents(request.tipCents)})`;
    case 'cancelled':
      return 'Cancelled';
  }
}

/** 'Refunded $17.60' once any of the payment was refunded; else null. */
export function refundedLabel(request: Pick<PayRequest, 'refundedCents'>): string | null {
  return request.refundedCents > 0 ? `Refunded ${formatCents(request.refundedCents)}` : null;
}

/**
 * The pay request on a visit's card, in one line: 'Extras unpaid: $16.00 (sent Tue, Dec 8)',
 * 'Extras paid $17.60 (tip $1.60)', 'Extras refunded $17.60', 'Extras cancelled'; null without one.
 */
export function payRequestBrief(request: PayRequest | null): string | null {
  if (!request) return null;
  const label = refundedLabel(request) ?? payRequestLabel(request);
  return `Extras ${label.charAt(0).toLowerCase()}${label.slice(1)}`;
}

/** One priced line: '3 × LED bulb, standard (A19): $24.00'. */
export function extraLineLabel(item: Pick<PricedExtra, 'qty' | 'name' | 'amountCents'>): string {
  return `${item.qty} × ${item.name}: ${formatCents(item.amountCents)}`;
}

/** Whether the desk offers 'Charge extras': a visit done without an unpaid pay request (docs/product/extras.md#charging). */
export function canCharge(visit: Pick<OwnerVisit, 'status' | 'payRequest'>): boolean {
  return visit.status === 'done' && visit.payRequest?.status !== 'unpaid';
}

/** Whether the desk offers 'Refund extras': a paid pay request with some of its payment not yet refunded (docs/product/extras.md#refunding-extras). */
export function canRefund(request: PayRequest | null): request is PayRequest {
  return request?.status === 'paid' && request.refundedCents < paidCents(request);
}
