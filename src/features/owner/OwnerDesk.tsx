/**
 * The /owner island (docs/product/desk.md#owners-desk), in the desk's own shell (a compact header,
 * DeskHeader): 'Loading the desk...', then signed out (a
 * sign-in link that comes back here, to the same visit or tab), a customer (the owner API's 403 in its own words and nothing
 * else), a desk that could not be read ('Try again'), or the owner's desk. The first owner call,
 * the capacity, tells which; nothing of the owner's is in the page until it has answered. With a
 * stored session still valid, that call and Today's went out with its token as the page opened
 * (hydrate-desk.ts); without one they go out together (readEarly) once signed in. The sign-in
 * client (supabase-js) loads and checks the session only after the first answer
 * (docs/product/desk.md#owners-desk, "Loading").
 */
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { useAuth } from '@/features/auth/hooks';
import { signInReturningTo } from '@/features/auth/return-path';
import { earlyAccessToken, startAuth, storedUserAtOpen, verifySession } from '@/features/auth/store';
import { businessToday } from '@/lib/dates';
import DeskHeader from './DeskHeader';
import { readDeskAccess, type Access } from './desk-access';
import DeskTabs from './DeskTabs';
import { LOAD_FAILED } from './owner-calls';
import { visitsPath } from './owner-paths';
import { readEarly } from './use-owner';

const NOTE = 'rounded-2xl border border-slate-200 p-8 text-center text-lg';

interface Props {
  /** The business's short name, for the desk's header. */
  business: string;
}

/** Every state but the owner's desk: the header with 'Back to the website', then `body`. */
function Shell({ business, children }: { business: string; children: ReactNode }) {
  return (
    <>
      <DeskHeader business={business} heading="Owner's Desk" onDesk={false} />
      <div className="container-page max-w-4xl py-6">{children}</div>
    </>
  );
}

export default function OwnerDesk({ business }: Props) {
  const auth = useAuth();
  // Whose stored session may be used before the sign-in client has loaded (its token still valid).
  const [early] = useState(() => (earlyAccessToken() ? storedUserAtOpen()?.userId : undefined));
  const userId = auth.user?.id ?? (auth.status === 'loading' ? early : undefined);
  const [access, setAccess] = useState<{ user: string; attempt: number; access: Access }>();
  const [attempt, setAttempt] = useState(0);
  const checked = useRef(false);

  // A stored session is only a hint: ask the sign-in service whether it is still alive; with a
  // token to start with, once the desk is drawn, so the first draw waits for none of it.
  const checkSession = useCallback(() => {
    if (checked.current) return;
    checked.current = true;
    void startAuth().then(verifySession);
  }, []);
  useEffect(() => {
    if (!early) checkSession();
  }, [early, checkSession]);
  useEffect(() => {
    if (!userId) return;
    let current = true;
    const settle = (result: Access) => {
      // The owner's desk checks once Today is drawn (DeskTabs' onDrawn); any other answer at once.
      if (result.state !== 'owner') checkSession();
      if (current) setAccess({ user: userId, attempt, access: result });
    };
    // Today's visits by the phone's clock, asked for beside the settings rather than after them;
    // asked again should the server's day differ (a phone's clock off, or the embedded clock moved).
    readEarly(visitsPath(businessToday(), businessToday()));
    // A 401 has signed this device out: the sign-in link follows from the auth state.
    void readDeskAccess(userId).then((result) => (result === 'signed-out' ? checkSession() : settle(result)));
    return () => {
      current = false;
    };
  }, [userId, attempt, checkSession]);

  if (auth.status === 'signed-out') {
    return (
      <Shell business={business}>
        <div className={NOTE}>
          <p>Sign in with the owner&apos;s account to use the desk.</p>
          <a
            className="mt-4 btn-primary"
            href={signInReturningTo(`${window.location.pathname}${window.location.search}`)}
          >
            Sign in
          </a>
        </div>
      </Shell>
    );
  }
  const known = access && access.user === userId && access.attempt === attempt ? access.access : null;
  if (!known) {
    return (
      <Shell business={business}>
        <p role="status" className={`${NOTE} text-ink-muted`}>
          Loading the desk...
        </p>
      </Shell>
    );
  }
  if (known.state === 'denied') {
    return (
      <Shell business={business}>
        <p className={NOTE}>{known.message}</p>
      </Shell>
    );
  }
  if (known.state === 'failed') {
    return (
      <Shell business={business}>
        <div role="alert" className={NOTE}>
          <p>{LOAD_FAILED}</p>
          {known.message !== LOAD_FAILED && <p className="mt-2 text-ink-muted">{known.message}</p>}
          <button type="button" className="mt-4 btn-outline" onClick={() => setAttempt((n) => n + 1)}>
            Try again
          </button>
        </div>
      </Shell>
    );
  }
  return (
    <DeskTabs
      business={business}
      capacity={known.settings.visitsPerWindow}
      today={known.settings.today}
      onDrawn={checkSession}
    />
  );
}
