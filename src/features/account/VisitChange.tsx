/**
 * /visit (docs/product/visits.md#changing-a-visit): the visit a signed e-mail link (`?t=`) or the
 * signed-in customer (`?id=`) reaches, and what may be done with it: move it to an open window at
 * least 24 hours ahead, or cancel a booking with a full refund. Within 24 hours it gives the phone
 * number instead; a link that cannot be used says why and offers to sign in.
 */
import { useEffect, useState } from 'react';
import { SITE } from '@/site';
import { SignedOutError } from '@/features/auth/api';
import type { VisitChangeAnswer } from '@/features/visits/changes';
import type { AvailabilityAnswer } from '@/features/visits/capacity';
import { ApiError, requestJson } from '@/lib/api';
import { call, reachOf, type OnApplied, type Reach } from './visit-change-calls';
import VisitCancelForm from './VisitCancelForm';
import VisitMoveForm from './VisitMoveForm';
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
      </div>
    );
  }
  const { answer, done } = state;
  const applied = (next: VisitChangeAnswer, message: string) =>
    setState({ kind: 'ready', answer: next, done: message });
  return (
    <div className="grid gap-6">
      <VisitSummary answer={answer} />
      <p role="status" className="text-lg font-semibold text-brand-800 empty:hidden">
        {done}
      </p>
      {reach && !done && <Actions reach={reach} answer={answer} availability={availability} onApplied={applied} />}
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

interface ActionsProps {
  reach: NonNullable<Reach>;
  answer: VisitChangeAnswer;
  availability: AvailabilityAnswer | null;
  onApplied: OnApplied;
}

function Actions({ reach, answer, availability, onApplied }: ActionsProps) {
  const { visit, purpose, blocked } = answer;
  if (blocked) {
    return (
      <p role="alert" className="text-lg font-semibold">
        {blocked}{' '}
        <a className="underline" href={SITE.phone.href}>
          Call {answer.phone}
        </a>
      </p>
    );
  }
  const canMove = purpose === 'any' || purpose === 'reschedule';
  const canCancel = purpose === 'any' || purpose === 'cancel';
  return (
    <div className="grid gap-8">
      {canMove && <VisitMoveForm reach={reach} answer={answer} availability={availability} onApplied={onApplied} />}
      {canCancel &&
        (visit.planVisit ? (
          <p>
            Plan visits are not cancelled one by one: to cancel your plan, use Manage billing on your{' '}
            <a className="underline" href="/account">
              account page
            </a>
            . You can move this visit to another day.
          </p>
        ) : (
          <VisitCancelForm reach={reach} answer={answer} onApplied={onApplied} />
        ))}
    </div>
  );
}
