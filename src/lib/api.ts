/**
 * How the browser calls the site's functions (docs/product/messages.md#server-answers): JSON in and out, a
 * refusal's `{error}` carried in words, and each Idempotency-Key from one helper. Calls made for a
 * signed-in customer go through features/auth/api.ts, which adds the session's token and signs this
 * device out on a 401. The answer shapes shared by several endpoints live here too. Shared core:
 * Node loads it directly from functions/ (for the shapes), so no imports.
 */

/** What a function answers when it refuses or fails: the reason in words, and per-field messages for a form. */
export interface ErrorAnswer {
  error: string;
  fields?: Record<string, string>;
}

/** What a function answers with a page of the card provider to open: a checkout or the billing portal. */
export interface PageAnswer {
  url?: string;
}

/** What a lead endpoint answers once the lead is stored (`202`). */
export interface StoredAnswer {
  id: string;
}

/** A call that did not succeed: the function's reason, else the caller's fallback; status 0 when nothing answered. */
export class ApiError extends Error {
  readonly status: number;
  /** The messages per field, when the function gave them (a form's 400). */
  readonly fields: Readonly<Record<string, string>>;
  /** The function's whole JSON answer, or null: what it sent beside `error` (the owner's 409 carries the visit). */
  readonly answer: unknown;

  constructor(
    message: string,
    status: number,
    fields: Readonly<Record<string, string>> = {},
    options?: ErrorOptions & { answer?: unknown },
  ) {
    super(message, options);
    this.name = 'ApiError';
    this.status = status;
    this.fields = fields;
    this.answer = options?.answer ?? null;
  }
}

/** One call: its method, its JSON body, extra headers, and the words to show when the function gives none. */
export interface ApiRequest {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  headers?: Readonly<Record<string, string>>;
  /** Shown when the call fails without a reason of the function's (no connection, a proxy's error page). */
  fallback: string;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function stringsOf(value: unknown): Record<string, string> {
  if (!isRecord(value)) return {};
  return Object.fromEntries(
    Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
}

/**
 * Calls a function and resolves with its JSON answer; throws an ApiError with the function's
 * `{error}`, or `fallback` when there is none, nothing answered or the answer was not JSON.
 */
export async function requestJson<T>(path: string, request: ApiRequest): Promise<T> {
  const { method = 'GET', body, headers = {}, fallback } = request;
  const sent =
    (method === 'GET' && takeSentEarly(path, headers)) ||
    fetch(path, {
      method,
      headers: body === undefined ? headers : { 'Content-Type': 'application/json', ...headers },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  let res: Response;
  try {
    res = await sent;
  } catch (error) {
    throw new ApiError(fallback, 0, {}, { cause: error });
  }
  const answer: unknown = await res.json().catch(() => null);
  if (!res.ok) {
    const reason = isRecord(answer) && typeof answer['error'] === 'string' ? answer['error'] : fallback;
    throw new ApiError(reason, res.status, isRecord(answer) ? stringsOf(answer['fields']) : {}, { answer });
  }
  if (answer === null) throw new ApiError(fallback, res.status);
  return answer as T;
}

/**
 * GETs sent before the island that reads them had loaded, by path and headers (by the desk's
 * hydration directive: docs/product/desk.md#owners-desk, "Loading"). Each is taken once, by the first
 * requestJson of the same path with the same headers (the same session's token) within
 * SENT_EARLY_FOR_MS of being sent, which reads its answer as its own; one not taken by then is
 * dropped, so a later read of the same path (the desk's Today, read again after a change) never
 * gets an answer from the page's opening. The directive is a script of its own, inlined in the
 * page, so the two meet on `globalThis`, not in this module.
 */
const SENT_EARLY = Symbol.for('springfield-home.sent-early');

/** How long an answer sent early waits to be taken: the island's load on a slow phone, with room. */
export const SENT_EARLY_FOR_MS = 30_000;

interface SentEarly {
  answer: Promise<Response>;
  sentAt: number;
}

function sentEarly(): Map<string, SentEarly> {
  const holder = globalThis as { [SENT_EARLY]?: Map<string, SentEarly> };
  return (holder[SENT_EARLY] ??= new Map());
}

const earlyKey = (path: string, headers: Readonly<Record<string, string>>) => JSON.stringify([path, headers]);

/** Sends a GET now, for the requestJson that asks for it later; nothing is read until then. */
export function sendEarly(path: string, headers: Readonly<Record<string, string>>): void {
  const answer = fetch(path, { headers });
  // Its failure is the taking call's to report, and nobody's when no call takes it.
  answer.catch(() => undefined);
  sentEarly().set(earlyKey(path, headers), { answer, sentAt: Date.now() });
}

function takeSentEarly(path: string, headers: Readonly<Record<string, string>>): Promise<Response> | undefined {
  const now = Date.now();
  const sent = sentEarly();
  for (const [key, entry] of sent) if (now - entry.sentAt > SENT_EARLY_FOR_MS) sent.delete(key);
  const key = earlyKey(path, headers);
  const entry = sent.get(key);
  sent.delete(key);
  return entry?.answer;
}

/** A file a function answered with (an export): its contents and the name it asked to be saved as. */
export interface ApiFile {
  blob: Blob;
  filename: string;
}

/**
 * Calls a function whose answer is a file (`Content-Disposition: attachment`) and resolves with
 * it; a refusal throws as requestJson does.
 */
export async function requestFile(path: string, request: ApiRequest): Promise<ApiFile> {
  const { headers = {}, fallback } = request;
  let res: Response;
  try {
    res = await fetch(path, { headers });
  } catch (error) {
    throw new ApiError(fallback, 0, {}, { cause: error });
  }
  if (!res.ok) {
    const answer: unknown = await res.json().catch(() => null);
    const reason = isRecord(answer) && typeof answer['error'] === 'string' ? answer['error'] : fallback;
    throw new ApiError(reason, res.status);
  }
  const filename = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? 'download';
  return { blob: await res.blob(), filename };
}

/**
 * A new Idempotency-Key, so a request the network repeats is stored once. randomUUID exists only on
 * HTTPS and localhost; a phone trying the local site over the network gets random hex.
 */
export function idempotencyKey(): string {
  return (
    crypto.randomUUID?.() ??
    Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('')
  );
}
