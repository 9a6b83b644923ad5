/**
 * The account page's last known summary (docs/product/accounts.md#account-page), kept in this browser's
 * localStorage so a returning customer sees their account at once, before the sign-in client and
 * the server have answered; the fresh answers replace it. It holds only what the page shows the
 * same person (no token), names the user it belongs to, and is shown to no one else. Sign-out
 * removes it (src/features/auth/store.ts).
 */
import type { User } from '@supabase/supabase-js';
import { KEPT_SUMMARY_KEY } from '@/features/auth/session';
import type { SubscriptionState } from '@/features/plans/subscription';
import type { AccountSummary } from './account-summary';

/** The shape's version: an entry of another version (an older site's) is ignored. */
export const KEPT_SUMMARY_VERSION = 1;

/** What Account Information shows of the user. */
export type KeptUser = Pick<User, 'email' | 'email_confirmed_at' | 'created_at' | 'last_sign_in_at'>;

/** One kept account: whose, and what the page showed them. */
export interface KeptAccount {
  userId: string;
  user: KeptUser;
  subscription: SubscriptionState;
  summary: AccountSummary;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isOptionalString = (value: unknown) => value === undefined || typeof value === 'string';
const isNullableString = (value: unknown) => value === null || typeof value === 'string';

/** Whether `value` has the shape the account page draws (the parts it reads), not a guess of it. */
function isKeptAccount(value: Record<string, unknown>): boolean {
  const { user, subscription, summary } = value;
  if (typeof value['userId'] !== 'string' || !isRecord(user) || !isRecord(subscription) || !isRecord(summary)) {
    return false;
  }
  return (
    typeof user['created_at'] === 'string' &&
    isOptionalString(user['email']) &&
    isOptionalString(user['email_confirmed_at']) &&
    isOptionalString(user['last_sign_in_at']) &&
    typeof subscription['subscribed'] === 'boolean' &&
    isNullableString(subscription['tier']) &&
    isNullableString(subscription['endDate']) &&
    (summary['subscription'] === null || isRecord(summary['subscription'])) &&
    (summary['planDetails'] === null || isRecord(summary['planDetails'])) &&
    (summary['lastReport'] === null || isRecord(summary['lastReport'])) &&
    ['refundedPlans', 'visits', 'orders'].every((list) => Array.isArray(summary[list]))
  );
}

/**
 * The kept account in `text` when it belongs to `userId`, else null: nothing kept, another user's,
 * not JSON, or of another shape or version.
 */
export function readKeptSummary(text: string | null, userId: string | null): KeptAccount | null {
  if (!text || !userId) return null;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (!isRecord(value) || value['version'] !== KEPT_SUMMARY_VERSION || !isKeptAccount(value)) return null;
  if (value['userId'] !== userId) return null;
  return { userId, user: value['user'], subscription: value['subscription'], summary: value['summary'] } as KeptAccount;
}

/** The text kept for `account`: only the fields the page shows. */
export function keptSummaryText({ userId, user, subscription, summary }: KeptAccount): string {
  return JSON.stringify({
    version: KEPT_SUMMARY_VERSION,
    userId,
    user: {
      email: user.email,
      email_confirmed_at: user.email_confirmed_at,
      created_at: user.created_at,
      last_sign_in_at: user.last_sign_in_at,
    },
    subscription: { subscribed: subscription.subscribed, tier: subscription.tier, endDate: subscription.endDate },
    summary,
  });
}

/** This browser's localStorage, or null (on the server, or with storage blocked). */
function browserStorage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

/** The account kept for `userId`; an entry that is not theirs or not readable is removed. */
export function loadKeptSummary(userId: string | null): KeptAccount | null {
  const storage = browserStorage();
  const text = storage?.getItem(KEPT_SUMMARY_KEY) ?? null;
  const kept = readKeptSummary(text, userId);
  if (text !== null && !kept) storage?.removeItem(KEPT_SUMMARY_KEY);
  return kept;
}

/** Keeps `account` as the last known summary; a full or blocked storage only loses the shortcut. */
export function keepSummary(account: KeptAccount): void {
  try {
    browserStorage()?.setItem(KEPT_SUMMARY_KEY, keptSummaryText(account));
  } catch {
    // Storage full or blocked: the next visit waits for the server, as before.
  }
}
