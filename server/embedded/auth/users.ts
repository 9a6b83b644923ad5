/**
 * Rows of the emulator's tables and the JSON GoTrue answers for them (models/user.go,
 * models/identity.go, tokens/service.go). Pure: no database, no clock.
 */
import { randomUUID } from 'node:crypto';
import bcrypt from 'bcryptjs';

type Json = Record<string, unknown>;

/** A row of emulator_auth.users. */
export interface UserRow {
  id: string;
  aud: string;
  role: string;
  email: string;
  encrypted_password: string;
  email_confirmed_at: Date | null;
  confirmation_sent_at: Date | null;
  recovery_sent_at: Date | null;
  reauthentication_sent_at: Date | null;
  last_sign_in_at: Date | null;
  /** Until when sign-ins and tokens are refused (admin `ban_duration`); null when not banned. */
  banned_until: Date | null;
  raw_app_meta_data: Json;
  raw_user_meta_data: Json;
  is_anonymous: boolean;
  created_at: Date;
  updated_at: Date;
}

/** A row of emulator_auth.identities. */
export interface IdentityRow {
  id: string;
  provider_id: string;
  user_id: string;
  identity_data: Json;
  provider: string;
  last_sign_in_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

/** An entry of the `amr` claim: how and when the session was signed in. */
export interface AmrEntry {
  method: 'password' | 'otp';
  timestamp: number;
}

/** A row of emulator_auth.sessions (the fields tokens need). */
export interface SessionRow {
  id: string;
  user_id: string;
  amr: AmrEntry[];
}

/** GoTrue's user JSON. */
export interface UserJson {
  id: string;
  aud: string;
  role: string;
  email: string;
  email_confirmed_at?: string;
  phone: string;
  confirmation_sent_at?: string;
  confirmed_at?: string;
  recovery_sent_at?: string;
  reauthentication_sent_at?: string;
  last_sign_in_at?: string;
  app_metadata: Json;
  user_metadata: Json;
  /** An empty array, or null in the admin list, which loads no identities (see userJson). */
  identities: Json[] | null;
  created_at: string;
  updated_at: string;
  banned_until?: string;
  is_anonymous: boolean;
}

/** Whether the user is banned at `now` (models/user.go IsBanned). */
export function isBanned(user: Pick<UserRow, 'banned_until'>, now: Date): boolean {
  return user.banned_until !== null && now.getTime() < user.banned_until.getTime();
}

/** GoTrue's JSON for a user's identity. */
export function identityJson(identity: IdentityRow): Json {
  return {
    identity_id: identity.id,
    id: identity.provider_id,
    user_id: identity.user_id,
    identity_data: identity.identity_data,
    provider: identity.provider,
    ...(identity.last_sign_in_at ? { last_sign_in_at: identity.last_sign_in_at.toISOString() } : {}),
    created_at: identity.created_at.toISOString(),
    updated_at: identity.updated_at.toISOString(),
    email: typeof identity.identity_data['email'] === 'string' ? identity.identity_data['email'] : '',
  };
}

const iso = (date: Date | null) => date?.toISOString();

/**
 * GoTrue's JSON for a user, with absent timestamps left out as Go's `omitempty` does. `identities`
 * null gives `"identities": null`, as GoTrue's admin user list answers (it does not load them).
 */
export function userJson(user: UserRow, identities: readonly IdentityRow[] | null): UserJson {
  const optional = (key: string, date: Date | null) => (date ? { [key]: iso(date) } : {});
  return {
    id: user.id,
    aud: user.aud,
    role: user.role,
    email: user.email,
    ...optional('email_confirmed_at', user.email_confirmed_at),
    phone: '',
    ...optional('confirmation_sent_at', user.confirmation_sent_at),
    ...optional('confirmed_at', user.email_confirmed_at),
    ...optional('recovery_sent_at', user.recovery_sent_at),
    ...optional('reauthentication_sent_at', user.reauthentication_sent_at),
    ...optional('last_sign_in_at', user.last_sign_in_at),
    app_metadata: user.raw_app_meta_data,
    user_metadata: user.raw_user_meta_data,
    identities: identities?.map(identityJson) ?? null,
    created_at: user.created_at.toISOString(),
    updated_at: user.updated_at.toISOString(),
    ...optional('banned_until', user.banned_until),
    is_anonymous: user.is_anonymous,
  };
}

/**
 * The stand-in GoTrue answers a sign-up for an address that is already confirmed (sanitizeUser):
 * a random id, no identities and nothing of the real account, so the answer does not tell whether
 * the address is registered. No mail is sent.
 */
export function obfuscatedUserJson(email: string, data: Json, aud: string, now: Date): UserJson {
  return {
    id: randomUUID(),
    aud,
    role: '',
    email,
    phone: '',
    confirmation_sent_at: now.toISOString(),
    app_metadata: { provider: 'email', providers: ['email'] },
    user_metadata: data,
    identities: [],
    created_at: now.toISOString(),
    updated_at: now.toISOString(),
    is_anonymous: false,
  };
}

/**
 * identity_data of a new email identity: GoTrue's claims (sub, email, the verified flags) plus
 * the sign-up `data` it does not already hold; the user's user_metadata starts as the same map.
 */
export function newIdentityData(userId: string, email: string, data: Json): Json {
  const claims: Json = { sub: userId, email, email_verified: false, phone_verified: false };
  return { ...data, ...claims };
}

/** The stored hash of a password: bcrypt at Go's default cost, as GoTrue's crypto.GenerateFromPassword. */
export function hashPassword(password: string): Promise<string> {
  return bcrypt.hash(password, 10);
}

/** What a new e-mail user starts with; the rest of its row starts empty. */
export interface NewEmailUser {
  id: string;
  aud: string;
  /** Lower-cased. */
  email: string;
  passwordHash: string;
  userMetadata: Json;
  appMetadata: Json;
  emailConfirmedAt: Date | null;
  /** The email identity's identity_data (newIdentityData). */
  identityData: Json;
  /** When the identity was last signed in with (GoTrue's NewIdentity sets now; the emulator's sign-up null). */
  identitySignedInAt: Date | null;
  at: Date;
}

/** The rows of a new user and its email identity, ready for store.insertUser. */
export function newEmailUser(fields: NewEmailUser): { user: UserRow; identity: IdentityRow } {
  const { id, email, at } = fields;
  return {
    user: {
      id,
      aud: fields.aud,
      // GoTrue's JWT.DefaultGroupName, as hosted projects set it.
      role: 'authenticated',
      email,
      encrypted_password: fields.passwordHash,
      email_confirmed_at: fields.emailConfirmedAt,
      confirmation_sent_at: null,
      recovery_sent_at: null,
      reauthentication_sent_at: null,
      last_sign_in_at: null,
      banned_until: null,
      raw_app_meta_data: fields.appMetadata,
      raw_user_meta_data: fields.userMetadata,
      is_anonymous: false,
      created_at: at,
      updated_at: at,
    },
    identity: {
      id: randomUUID(),
      provider_id: id,
      user_id: id,
      identity_data: fields.identityData,
      provider: 'email',
      last_sign_in_at: fields.identitySignedInAt,
      created_at: at,
      updated_at: at,
    },
  };
}

/** The claims of an access token, in GoTrue's order (tokens/service.go GenerateAccessToken). */
export function accessTokenClaims(user: UserRow, session: SessionRow, issuer: string, nowSeconds: number, ttl: number) {
  return {
    iss: issuer,
    sub: user.id,
    aud: user.aud,
    exp: nowSeconds + ttl,
    iat: nowSeconds,
    email: user.email,
    phone: '',
    app_metadata: user.raw_app_meta_data,
    user_metadata: user.raw_user_meta_data,
    role: user.role,
    aal: 'aal1',
    amr: session.amr,
    session_id: session.id,
    is_anonymous: user.is_anonymous,
  };
}
