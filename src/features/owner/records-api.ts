/**
 * The owner's leads, customers and exports (docs/product/desk.md#owner-api): the answers the desk reads
 * and the lead change it sends (a zod schema the function checks it with). Shared by the desk's
 * islands and the owner functions. Shared core: relative imports with the extension only.
 */
import * as z from 'zod/mini';
import { FIELD_LIMITS } from '../../lib/validation.ts';

/** A lead's place in the owner's follow-up. */
export const LEAD_STATUSES = ['new', 'contacted', 'won', 'lost'] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];

/** What the desk lists: the visitors' leads, not the owner events. */
export type DeskLeadKind = 'contact' | 'download' | 'plan-request';

/** One lead as the desk shows it. */
export interface OwnerLead {
  id: string;
  kind: DeskLeadKind;
  status: LeadStatus;
  note: string;
  /** When it was stored (an ISO instant). */
  createdAt: string;
  name: string;
  email: string;
  phone: string;
  /** Every field the visitor sent, as stored. */
  fields: Record<string, unknown>;
  /** The relay to the automation tool: delivered, waiting, or no webhook configured. */
  relay: 'delivered' | 'pending' | 'unconfigured';
}

/** `GET /api/owner/leads`. */
export interface OwnerLeadsAnswer {
  leads: OwnerLead[];
}

/** `POST /api/owner/leads/{id}`: a new status, a note, or both. */
export const leadChangeRequest = z
  .object({
    status: z.optional(z.enum(LEAD_STATUSES, `status: must be one of ${LEAD_STATUSES.join(', ')}`)),
    note: z.optional(
      z
        .string('note: must be text')
        .check(z.maxLength(FIELD_LIMITS.instructions, `note: must be at most ${FIELD_LIMITS.instructions} characters`)),
    ),
  })
  .check(
    z.refine((value) => value.status !== undefined || value.note !== undefined, {
      message: 'status: send a status or a note',
      path: ['status'],
    }),
  );

/** A lead change that passed validation. */
export type LeadChange = z.output<typeof leadChangeRequest>;

/** A customer as the search lists one. */
export interface OwnerCustomer {
  /** The account's id. */
  id: string;
  name: string;
  email: string;
  phone: string;
  zip: string;
  /** The newest plan: its tier and status ('Autopilot Lite, active'), or null. */
  plan: { tier: string; status: string; cancelAtPeriodEnd: boolean } | null;
}

/** `GET /api/owner/customers?q=`. */
export interface OwnerCustomersAnswer {
  customers: OwnerCustomer[];
}

/** One of a customer's visits. */
export interface CustomerVisit {
  id: string;
  date: string;
  window: string;
  status: string;
  service: string;
  address: string;
}

/** One of a customer's orders. */
export interface CustomerOrder {
  orderNumber: string;
  kind: 'service' | 'subscription';
  item: string;
  amountCents: number;
  status: string;
  createdAt: string;
}

/** `GET /api/owner/customers/{id}`. */
export interface OwnerCustomerAnswer {
  customer: OwnerCustomer;
  visits: CustomerVisit[];
  orders: CustomerOrder[];
  planDetails: {
    fullName: string;
    phone: string;
    street: string;
    city: string;
    state: string;
    zip: string;
    preferredDay: string;
    instructions: string;
  } | null;
  leads: OwnerLead[];
}

/** What `GET /api/owner/export/{name}.csv` exports. */
export const EXPORTS = ['customers', 'visits', 'orders', 'leads'] as const;
export type ExportName = (typeof EXPORTS)[number];
