/**
 * The state of /pay (docs/product/extras.md#the-pay-link): the link read from the address once the
 * page has hydrated, the pay request read for it (back from the checkout, read until the payment is
 * recorded: docs/product/extras.md#paid), and what follows a refusal. Focus goes to the words of a
 * change the customer did not make here (the payment recorded, a 409).
 */
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import type { PayAnswer } from './extras';
import { payLinkOf, problemOf, readPay, watchRecorded, type PayLink, type PayProblem } from './pay-calls';
import { ALTERED_TEXT } from './pay-view';

/** Where the page is: reading, still confirming a payment, unable to show the request, or showing it. */
export type PayState =
  // Until the first answer: 'Processing payment…' after a return from the checkout.
  | { kind: 'loading' }
  | { kind: 'confirming'; checking: boolean }
  | { kind: 'problem'; problem: PayProblem }
  | { kind: 'ready'; answer: PayAnswer; notice: string | null };

const noSubscription = () => () => {};
const isBrowser = () => true;
const isServer = () => false;

/** The page's link, state and actions, with the elements focus moves to. */
export function usePay() {
  const [link] = useState<PayLink | null>(() =>
    typeof window === 'undefined' ? null : payLinkOf(window.location.search),
  );
  // False while the server's HTML hydrates, so the first render matches it; the link is read after.
  const hydrated = useSyncExternalStore(noSubscription, isBrowser, isServer);
  const [state, setState] = useState<PayState>({ kind: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const lead = useRef<HTMLParagraphElement>(null);
  const notice = useRef<HTMLParagraphElement>(null);
  const moved = useRef(false);

  useEffect(() => {
    if (!link) return;
    const controller = new AbortController();
    const live = () => !controller.signal.aborted;
    const fail = (error: unknown) => live() && setState({ kind: 'problem', problem: problemOf(error) });
    if (link.sessionId) {
      watchRecorded(link, readPay, controller.signal).then(({ answer, recorded }) => {
        if (!live()) return;
        moved.current = true;
        setState(
          recorded && answer ? { kind: 'ready', answer, notice: null } : { kind: 'confirming', checking: false },
        );
      }, fail);
    } else {
      readPay(link).then((answer) => live() && setState({ kind: 'ready', answer, notice: null }), fail);
    }
    return () => controller.abort();
  }, [link, attempt]);

  useEffect(() => {
    if (!moved.current) return;
    moved.current = false;
    (state.kind === 'ready' && state.notice ? notice : lead).current?.focus();
  }, [state]);

  /** A link cut short shows as altered once hydrated: it is not worth a call. */
  const shown: PayState =
    hydrated && !link ? { kind: 'problem', problem: { kind: 'altered', message: ALTERED_TEXT } } : state;

  /** Reads the request again after a failure. */
  function retry() {
    setState({ kind: 'loading' });
    setAttempt((n) => n + 1);
  }

  /** 'Check again' while the payment is being confirmed: one read; still unpaid, the words stay. */
  function checkAgain() {
    if (!link) return;
    setState({ kind: 'confirming', checking: true });
    readPay(link).then(
      (answer) => {
        if (answer.payRequest.status === 'unpaid') return setState({ kind: 'confirming', checking: false });
        moved.current = true;
        setState({ kind: 'ready', answer, notice: null });
      },
      (error: unknown) => {
        const problem = problemOf(error);
        setState(problem.kind === 'failed' ? { kind: 'confirming', checking: false } : { kind: 'problem', problem });
      },
    );
  }

  /** Paid or withdrawn meanwhile (409): its words, over the request as it now is. */
  function conflict(message: string) {
    if (!link) return;
    readPay(link).then(
      (answer) => {
        moved.current = true;
        setState({ kind: 'ready', answer, notice: message });
      },
      (error: unknown) => setState({ kind: 'problem', problem: problemOf(error) }),
    );
  }

  /** The link cannot be used any more (it expired while the page was open). */
  const stop = (problem: PayProblem) => setState({ kind: 'problem', problem });

  return { link, hydrated, state: shown, lead, notice, retry, checkAgain, conflict, stop };
}
