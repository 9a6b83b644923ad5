/**
 * Errors in Stripe's shape: `{ error: { type, code, message, param } }` with Stripe's statuses, so
 * the real SDK raises the same error classes (StripeInvalidRequestError, ...) as against Stripe.
 */

/** Stripe's error types (the SDK picks its error class from this). */
export type StripeErrorType =
  'invalid_request_error' | 'api_error' | 'card_error' | 'idempotency_error' | 'authentication_error';

/** A failed API call, thrown by the resources and turned into a JSON answer by the router. */
export class StripeError extends Error {
  readonly status: number;
  readonly type: StripeErrorType;
  readonly code: string | undefined;
  readonly param: string | undefined;

  constructor(status: number, type: StripeErrorType, message: string, extra: { code?: string; param?: string } = {}) {
    super(message);
    this.name = 'StripeError';
    this.status = status;
    this.type = type;
    this.code = extra.code;
    this.param = extra.param;
  }

  /** The JSON body Stripe answers with. */
  toJSON(): { error: Record<string, string> } {
    const error: Record<string, string> = { type: this.type, message: this.message };
    if (this.code) error['code'] = this.code;
    if (this.param) error['param'] = this.param;
    return { error };
  }
}

/** 400 invalid_request_error about one parameter. */
export function invalidParam(param: string, message: string, code = 'parameter_invalid'): StripeError {
  return new StripeError(400, 'invalid_request_error', message, { code, param });
}

/** 400 for a required parameter that is absent. */
export function missingParam(param: string): StripeError {
  return new StripeError(400, 'invalid_request_error', `Missing required param: ${param}.`, {
    code: 'parameter_missing',
    param,
  });
}

/** `No such customer: 'cus_x'`: 404 when the id is in the path, 400 when it is a parameter. */
export function noSuch(kind: string, id: string, param: string, status: 400 | 404 = 404): StripeError {
  return new StripeError(status, 'invalid_request_error', `No such ${kind}: '${id}'`, {
    code: 'resource_missing',
    param,
  });
}
