/** What an API resource handler receives and returns. */
import type { Db } from '../../../functions/_lib/platform/db.ts';
import type { EventRequest } from './events.ts';
import type { Params } from './form.ts';
import type { StripeObject } from './store.ts';

/** One API request, already authenticated and decoded. */
export interface ApiCall {
  /** The request's transaction: everything a call writes commits together, events included. */
  db: Db;
  params: Params;
  /** The object id in the path (`/v1/customers/:id`), or '' when the path has none. */
  id: string;
  /** Unix seconds. */
  now: number;
  /** Origin of the hosted checkout and portal pages. */
  origin: string;
  request: EventRequest;
}

/** A list answer, as Stripe pages them. */
export interface ListObject {
  object: 'list';
  data: StripeObject[];
  has_more: boolean;
  url: string;
}

/** A resource handler. */
export type ApiHandler = (call: ApiCall) => Promise<StripeObject | ListObject>;
