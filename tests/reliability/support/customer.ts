/**
 * A customer of a running server, made over HTTP as the browser makes one: sign-up, the confirmation
 * link from the local mailbox, password sign-in; then the functions called with the access token.
 */
import { payCheckout, waitFor } from '../../integration/support/stripe-stack.ts';
import { send, type Answer } from './http.ts';

/** The apikey the browser's supabase-js sends to the embedded auth emulator (any value passes Kong's check). */
export const ANON_KEY = 'embedded-anon-key';

/** Tokens of a signed-in customer. */
export interface Session {
  email: string;
  password: string;
  accessToken: string;
  refreshToken: string;
}

function jsonOf<T>(answer: Answer, what: string): T {
  if (answer.status >= 300) throw new Error(`${what} answered ${answer.status}: ${answer.text}`);
  return JSON.parse(answer.text) as T;
}

/** Signs up `email`, follows the mailed link and signs in; `from` picks the client's loopback address. */
export async function signUpConfirmed(
  origin: string,
  email: string,
  password: string,
  from?: string,
): Promise<Session> {
  const headers = { apikey: ANON_KEY, 'content-type': 'application/json' };
  const signup = await send(origin, {
    method: 'POST',
    path: '/auth/v1/signup',
    headers,
    body: JSON.stringify({ email, password, data: { full_name: 'Reliability Tester' } }),
    ...(from ? { from } : {}),
  });
  jsonOf(signup, 'sign-up');
  const mail = await send(origin, { method: 'GET', path: `/_dev/mail.json?to=${encodeURIComponent(email)}` });
  const { messages } = jsonOf<{ messages: { links: string[] }[] }>(mail, 'mailbox');
  const link = messages[0]?.links.find((l) => l.includes('/auth/v1/verify'));
  if (!link) throw new Error(`no confirmation link for ${email}`);
  const verified = await send(origin, { method: 'GET', path: link.slice(link.indexOf('/auth/v1/')) });
  if (verified.status !== 303) throw new Error(`verify answered ${verified.status}`);
  return signIn(origin, email, password, from);
}

/** Signs in with a password. */
export async function signIn(origin: string, email: string, password: string, from?: string): Promise<Session> {
  const answer = await send(origin, {
    method: 'POST',
    path: '/auth/v1/token?grant_type=password',
    headers: { apikey: ANON_KEY, 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
    ...(from ? { from } : {}),
  });
  const tokens = jsonOf<{ access_token: string; refresh_token: string }>(answer, 'sign-in');
  return { email, password, accessToken: tokens.access_token, refreshToken: tokens.refresh_token };
}

/** Calls a function with the customer's token. */
export function callFunction(origin: string, path: string, token: string, body: unknown = {}): Promise<Answer> {
  return send(origin, {
    method: 'POST',
    path,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

/** The url of a new hosted checkout from a checkout function. */
export async function checkoutUrl(origin: string, path: string, token: string, body: unknown): Promise<string> {
  const answer = await callFunction(origin, path, token, body);
  return jsonOf<{ url: string }>(answer, path).url;
}

/** Subscribes the customer to a plan, pays on the hosted page and waits until the webhook made it count. */
export async function subscribe(origin: string, session: Session, planType: 'lite' | 'full'): Promise<void> {
  const url = await checkoutUrl(origin, '/api/create-subscription-checkout', session.accessToken, { planType });
  const paid = await payCheckout(url);
  if (paid.status !== 303) throw new Error(`paying the subscription answered ${paid.status}`);
  await waitFor(async () => {
    const answer = await callFunction(origin, '/api/check-subscription', session.accessToken);
    return (JSON.parse(answer.text) as { subscribed: boolean }).subscribed ? true : undefined;
  }, 'the subscription webhooks');
}

export { payCheckout, waitFor };
