/**
 * The error a function throws to answer with a status and `{error}` body. A module of its own, with
 * no imports, so that the configuration check (config.ts) and the HTTP helpers (http.ts, which
 * re-exports it for the endpoints) can both use it without importing each other.
 */

/** An error that is the caller's fault (4xx) or a known failure, with the status to answer. */
export class HttpError extends Error {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;

  constructor(status: number, message: string, headers: Record<string, string> = {}) {
    super(message);
    this.name = 'HttpError';
    this.status = status;
    this.headers = headers;
  }
}
