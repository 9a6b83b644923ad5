/**
 * The calls of /pay (docs/product/extras.md#the-pay-link), as the holder of the e-mailed link (no
 * session): read the pay request (`GET /api/pay`), open the hosted checkout (`POST /api/pay`), and,
 * back from it, ask again until the payment is recorded (docs/product/extras.md#paid). A refusal is
 * told apart: the link altered (400) or expired (410), or a failure worth trying again.
 */
import { ApiError, requestJson, type PageAnswer } from '@/lib/api';
import type { PayAnswer, TipChoice } from './extras';
import { ALTERED_TEXT, EXPIRED_TEXT, LOAD_FAILED, PAY_FAILED } from './pay-view';

/** What the page's address names: the link's token, and the checkout it came back from, if any. */
export interface PayLink {
  t: string;
  /** `session_id` of the hosted checkout's return (`/pay?t=…&session_id=cs_…`), or null. */
  sessionId: string | null;
}

/** The link in a page's query string, or null when it carries no token. */
export function payLinkOf(search: string): PayLink | null {
  const params = new URLSearchParams(search);
  const t = params.get('t');
  if (!t) return null;
  return { t, sessionId: params.get('session_id') || null };
}

/** The GET of a link: with the checkout's session after a return, which the server checks with the card provider. */
export function payPath(link: PayLink): string {
  const session = link.sessionId ? `&session_id=${encodeURIComponent(link.sessionId)}` : '';
  return `/api/pay?t=${encodeURIComponent(link.t)}${session}`;
}

/** Reads the pay request a link names, with its visit and the tips offered. */
export function readPay(link: PayLink): Promise<PayAnswer> {
  return requestJson<PayAnswer>(payPath(link), { fallback: LOAD_FAILED });
}

/** Why the page cannot show a pay request: the link altered or expired (for good), or a failure to try again. */
export interface PayProblem {
  kind: 'altered' | 'expired' | 'failed';
  message: string;
}

/** The words the server gave with a refusal, or null (a proxy's page, no connection). */
function serverWords(error: ApiError): string | null {
  const answer = error.answer;
  if (typeof answer !== 'object' || answer === null) return null;
  const words = (answer as { error?: unknown }).error;
  return typeof words === 'string' && words ? words : null;
}

/** What a failed read means for the page: 410 expired, 400 altered (the server's words, else the doc's), else try again. */
export function problemOf(error: unknown): PayProblem {
  if (!(error instanceof ApiError)) return { kind: 'failed', message: LOAD_FAILED };
  const answer = error.answer as { problem?: unknown } | null;
  if (error.status === 410 || answer?.problem === 'expired') {
    return { kind: 'expired', message: serverWords(error) ?? EXPIRED_TEXT };
  }
  if (error.status === 400) return { kind: 'altered', message: serverWords(error) ?? ALTERED_TEXT };
  return { kind: 'failed', message: serverWords(error) ?? LOAD_FAILED };
}

/** A refusal that asking again will not change: the link is wrong, gone or refused. */
function isFinal(error: unknown): boolean {
  return error instanceof ApiError && error.status >= 400 && error.status < 500;
}

/**
 * The waits between the reads after a return from the checkout, growing: about 30 s in all, the
 * webhook's usual delay with room, before the page says the payment is being confirmed.
 */
export const RECORD_WAITS_MS = [1000, 1500, 2000, 3000, 4000, 5000, 6000, 7500] as const;

/** The reads after a return: the answer last read, and whether it shows the payment recorded (no longer unpaid). */
export interface RecordWatch {
  answer: PayAnswer | null;
  recorded: boolean;
}

/**
 * Back from the hosted checkout: reads the pay request until it is no longer unpaid, waiting
 * RECORD_WAITS_MS between reads, and gives up when they have run out (or `signal` aborts: the page
 * has gone). A read that fails for a moment (no connection, a 5xx) is asked again; a 4xx is thrown.
 */
export async function watchRecorded(
  link: PayLink,
  read: (link: PayLink) => Promise<PayAnswer> = readPay,
  signal?: AbortSignal,
): Promise<RecordWatch> {
  let answer: PayAnswer | null = null;
  for (let attempt = 0; ; attempt += 1) {
    try {
      answer = await read(link);
      if (answer.payRequest.status !== 'unpaid') return { answer, recorded: true };
    } catch (error) {
      if (isFinal(error)) throw error;
    }
    const wait = RECORD_WAITS_MS[attempt];
    if (wait === undefined || signal?.aborted) return { answer, recorded: false };
    await new Promise((resolve) => setTimeout(resolve, wait));
    if (signal?.aborted) return { answer, recorded: false };
  }
}

/**
 * Opens a checkout for the link with the tip chosen and resolves with its address; the server
 * prices it from what it stored (docs/product/extras.md#the-pay-link). A refusal throws the ApiError:
 * 409 paid or withdrawn, 400 a tip refused, 410 the link expired.
 */
export async function startCheckout(link: PayLink, tip: TipChoice): Promise<string> {
  const { url } = await requestJson<PageAnswer>('/api/pay', {
    method: 'POST',
    body: { t: link.t, tip },
    fallback: PAY_FAILED,
  });
  if (!url) throw new ApiError(PAY_FAILED, 200);
  return url;
}
