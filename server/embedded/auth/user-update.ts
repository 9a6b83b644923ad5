/**
 * PUT /user of the Auth emulator, as GoTrue's UserUpdate does it (user.go) for an e-mail account:
 * metadata merged, and a new password with GoTrue's rules: its strength, secure password change
 * (a session signed in over 24 hours ago needs a mailed code, `nonce`), never the same password
 * again, and every other session of the user ended once it is set (User.UpdatePassword).
 * Changing the address or phone is not emulated: the site never does it, so it is refused.
 */
import bcrypt from 'bcryptjs';
import { AuthError, validationFailed } from './errors.ts';
import type { MailLinks } from './mail-links.ts';
import { AUTH_DEFAULTS, checkPasswordStrength, normaliseEmail, normalisePhone, phoneDisabled } from './rules.ts';
import type { AuthServiceDeps, Sessions } from './sessions.ts';
import * as store from './store.ts';
import type { UserJson } from './users.ts';

/** The fields of a PUT /user body the emulator reads; undefined when absent or null. */
export interface UserUpdate {
  email?: string | undefined;
  password?: string | undefined;
  nonce?: string | undefined;
  phone?: string | undefined;
  data?: Record<string, unknown> | undefined;
  appMetadata?: Record<string, unknown> | undefined;
}

/** Options of the password rules (secure password change is on, as in supabase/config.toml). */
export interface UserUpdateOptions {
  securePasswordChange: boolean;
}

/** Builds PUT /user over the emulator's database, clock, sessions and mailed codes. */
export function createUserUpdate(
  { db, now }: AuthServiceDeps,
  sessions: Sessions,
  links: MailLinks,
  { securePasswordChange }: UserUpdateOptions,
) {
  return async function updateUser(authorization: string | null, update: UserUpdate): Promise<UserJson> {
    const { user, session } = await sessions.authenticate(authorization);
    const email = update.email ? normaliseEmail(update.email) : '';
    if (update.phone) {
      normalisePhone(update.phone);
      throw phoneDisabled();
    }
    if (update.password !== undefined) checkPasswordStrength(update.password);
    if (update.appMetadata !== undefined) {
      throw new AuthError(403, 'not_admin', 'Updating app_metadata requires admin privileges');
    }
    if (email !== '' && email !== user.email) {
      if (await store.findUserByEmail(db, email)) {
        throw new AuthError(422, 'email_exists', 'A user with this email address has already been registered');
      }
      throw validationFailed('The local auth emulator does not change email addresses');
    }

    const password = update.password;
    let hash: string | undefined;
    if (password !== undefined) {
      const signedInAt = session?.created_at.getTime() ?? -Infinity;
      if (securePasswordChange && now() > signedInAt + AUTH_DEFAULTS.recentSignInSeconds * 1000) {
        if (!update.nonce) {
          throw new AuthError(400, 'reauthentication_needed', 'Password update requires reauthentication');
        }
        const nonce = update.nonce;
        await db.transaction((tx) => links.spendNonce(tx, user, nonce));
      }
      if (password !== '' && (await bcrypt.compare(password, user.encrypted_password))) {
        throw new AuthError(422, 'same_password', 'New password should be different from the old password.');
      }
      hash = await bcrypt.hash(password, 10);
    }

    return db.transaction(async (tx) => {
      const at = sessions.date();
      if (hash !== undefined) {
        await store.setPassword(tx, user.id, hash, at);
        // A new password ends every other session, so whoever knew the old one is signed out.
        await store.deleteUserSessions(tx, user.id, session?.id ?? null);
      }
      if (update.data !== undefined) await store.updateUserMetadata(tx, user.id, update.data, at);
      return sessions.currentJson(tx, user);
    });
  };
}
