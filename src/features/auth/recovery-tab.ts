/**
 * A reset link's session, remembered in this tab (docs/product/accounts.md#password-reset). supabase-js
 * takes the link's tokens out of the address and keeps only the session, so after a reload, or a
 * phone restoring the tab, nothing says it came from the link. This tab's sessionStorage notes
 * which session the link started (its user and session id): while that session is the current
 * one, /auth/reset offers 'Choose a new password' again. Another tab, or a session signed in with
 * a password, never matches; setting the password or signing out forgets it.
 */
import { sessionIdOf } from './session';

/** The sessionStorage key of the note. */
export const RECOVERY_KEY = 'auth:recovery';

/** What a note holds: the user and the session the reset link started. */
interface RecoveryNote {
  user: string;
  session: string;
}

/** The part of a supabase-js session the note is made from. */
export interface SessionLike {
  access_token: string;
  user: { id: string };
}

/** The note for `session` (JSON), or null when its token carries no session id. */
export function recoveryNote(session: SessionLike): string | null {
  const id = sessionIdOf(session.access_token);
  if (!id || !session.user.id) return null;
  return JSON.stringify({ user: session.user.id, session: id } satisfies RecoveryNote);
}

/** Whether `note` (as stored, or null) was made for `session`: the same user and the same session. */
export function isRecoveryNoteOf(note: string | null, session: SessionLike): boolean {
  if (!note) return false;
  try {
    const parsed = JSON.parse(note) as Partial<RecoveryNote> | null;
    return (
      typeof parsed?.session === 'string' &&
      parsed.session !== '' &&
      parsed.user === session.user.id &&
      parsed.session === sessionIdOf(session.access_token)
    );
  } catch {
    return false;
  }
}
