/**
 * GoTrue's error answers. supabase-js reads `code` from `{code, message}` only when the response
 * echoes `X-Supabase-Api-Version` (sent by every supabase-js request); without that header GoTrue
 * answers its legacy shape `{code: <status>, error_code, msg}`. Both are built here.
 */

/** The API version supabase-js sends and GoTrue echoes. */
export const API_VERSION = '2024-01-01';

/** An error GoTrue would answer with `status` and error code `code`. */
export class AuthError extends Error {
  readonly status: number;
  readonly code: string;
  /** Extra top-level fields of the body (e.g. `weak_password`). */
  readonly extra: Readonly<Record<string, unknown>>;

  constructor(status: number, code: string, message: string, extra: Record<string, unknown> = {}) {
    super(message);
    this.name = 'AuthError';
    this.status = status;
    this.code = code;
    this.extra = extra;
  }
}

/** A 400 `validation_failed`, GoTrue's answer to malformed input. */
export function validationFailed(message: string): AuthError {
  return new AuthError(400, 'validation_failed', message);
}

/** Whether the request's `X-Supabase-Api-Version` selects the 2024-01-01 error shape. */
export function usesApiVersion(header: string | null): boolean {
  if (!header || !/^\d{4}-\d{2}-\d{2}$/.test(header)) return false;
  const date = Date.parse(`${header}T00:00:00Z`);
  return Number.isFinite(date) && date >= Date.parse(`${API_VERSION}T00:00:00Z`);
}

/** The JSON body of an error for a request with (or without) the API version header. */
export function errorBody(error: AuthError, versioned: boolean): Record<string, unknown> {
  if (versioned) return { code: error.code, message: error.message, ...error.extra };
  return { code: error.status, error_code: error.code, msg: error.message, ...error.extra };
}
