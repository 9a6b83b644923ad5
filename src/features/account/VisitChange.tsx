/**
 * /visit (docs/product/visits.md#changing-a-visit): the visit a signed e-mail link (`?t=`) or the
 * signed-in customer (`?id=`) reaches, and what may be done with it: answer a proposed time
 * (docs/product/visits.md#proposed-times), move it to an open window at least 24 hours ahead, or
 * cancel a booking with a full refund. Within 24 hours it gives the phone number instead; a link
 * that cannot be used says why, offers to sign in and gives the phone number.
 */
import { useEffect, useRef, useState } from 'react';
import { SignedOutError } from '@/features/auth/api';
import type { VisitChangeAnswer } from '@/features/visits/changes';
import type { AvailabilityAnswer } from '@/features/visits/capacity';
import { ApiError, requestJson } from '@/lib/api';
import { call, reachOf, type Reach } from './visit-change-calls';
import VisitActions from './VisitActions';
import VisitPhoneLine from './VisitPhoneLine';
import VisitSummary from './VisitSummary';

const LOAD_FAILED = 'The visit could not be loaded. Please try again.';

type State =
  | { kind: 'loading' }
  | { kind: 'problem'; message: string; signIn: boolean }
  | { kind: 'ready'; answer: VisitChangeAnswer; done: string | null };

const SIGN_IN_HREF = '/auth?return=/account';

export default function VisitChange() {
  const [reach] = useState<Reach>(() => (typeof window === 'undefined' ? null : reachOf(window.location.search)));
  const [state, setState] = useState<State>({ kind: 'loading' });
  const [availability, setAvailability] = useState<AvailabilityAnswer | null>(null);
  const status = useRef<HTMLParagraphElement>(null);
  const done = state.kind === 'ready' ? state.done : null;

  useEffect(() => {
    // The form that was used is gone: focus goes to what it did rather than to the page.
    if (done) status.current?.focus();
  }, [done]);

  useEffect(() => {
    let current = true;
    const load = reach
      ? call<VisitChangeAnswer>(reach, { fallback: LOAD_FAILED })
      : Promise.reject(new ApiError('Open this page from the link in your e-mail, or from your account page.', 400));
    load.then(
      (answer) => current && setState({ kind: 'ready', answer, done: null }),
      (error: unknown) => {
        if (!current) return;
        const message = error instanceof ApiError ? error.message : LOAD_FAILED;
        const signIn = error instanceof SignedOutError || (error instanceof ApiError && error.status >= 400);
        setState({ kind: 'problem', message, signIn });
      },
    );
    requestJson<AvailabilityAnswer>('/api/availability', { fallback: LOAD_FAILED }).then(
      (answer) => current && setAvailability(answer),
      () => current && setAvailability(null),
    );
    return () => {
      current = false;
    };
  }, [reach]);

  if (state.kind === 'loading') return <p role="status">Loading your visit...</p>;
  if (state.kind === 'problem') {
    return (
      <div className="grid gap-4">
        <p role="alert" className="text-lg font-semibold">
          {state.message}
        </p>
        {state.signIn && (
          <p>
            <a className="btn-primary" href={SIGN_IN_HREF}>
              Sign in
            </a>{' '}
            <span className="text-ink-muted">to see and change your visits from your account.</span>
          </p>
        )}
        <VisitPhoneLine />
      </div>
    );
  }
  const { answer } = state;
  const applied = (next: VisitChangeAnswer, message: string) =>
    setState({ kind: 'ready', answer: next, done: message });
  return (
    <div className="grid gap-6">
      <VisitSummary answer={answer} />
      <p ref={status} tabIndex={-1} role="status" className="text-lg font-semibold text-brand-800 empty:hidden">
        {done}
      </p>
      {reach && !done && <VisitActions reach={reach} answer={answer} availability={availability} onApplied={applied} />}
      {done && (
        <p>
          <a className="btn-outline" href="/account">
            View your account
          </a>
        </p>
      )}
    </div>
  );
}
