/**
 * /pay (docs/product/extras.md#the-pay-link): the pay request an e-mailed link (`?t=`) names.
 * Unpaid, its visit, lines and total with 'Add a tip?' and 'Pay <total with tip>'; paid, 'Paid on
 * <day>: …' and the lines; withdrawn, that nothing is owed; a link altered or expired, why, with
 * the phone number. Back from the hosted checkout (`&session_id=`), 'Processing payment…' while
 * the page asks until the payment is recorded (docs/product/extras.md#paid), then, if it still is
 * not, that it is being confirmed, with 'Check again'.
 */
import { CANCELLED_TEXT, CONFIRMING_TEXT, PROCESSING_TEXT, paidLine } from './pay-view';
import PayDetails from './PayDetails';
import PhoneText from './PhoneText';
import TipForm from './TipForm';
import { usePay } from './use-pay';

export default function PayPage() {
  const { link, hydrated, state, lead, notice, retry, checkAgain, conflict, stop } = usePay();

  if (state.kind === 'problem') {
    return (
      <div className="grid gap-4">
        <p role="alert" className="text-lg font-semibold">
          <PhoneText text={state.problem.message} />
        </p>
        {state.problem.kind === 'failed' && (
          <p>
            <button type="button" className="btn-outline min-h-12" onClick={retry}>
              Try again
            </button>
          </p>
        )}
      </div>
    );
  }

  const answer = state.kind === 'ready' ? state.answer : null;
  const status = answer?.payRequest.status;
  const processing = state.kind === 'loading' && hydrated && Boolean(link?.sessionId);
  let leadText: string | null = null;
  if (processing) leadText = PROCESSING_TEXT;
  else if (state.kind === 'loading') leadText = 'Loading your pay request...';
  else if (state.kind === 'confirming') leadText = CONFIRMING_TEXT;
  else if (answer && status === 'paid') leadText = paidLine(answer.payRequest);
  else if (status === 'cancelled') leadText = CANCELLED_TEXT;

  return (
    <div className="grid gap-6">
      {state.kind === 'ready' && (
        <p ref={notice} tabIndex={-1} role="alert" className="font-semibold text-red-700 empty:hidden">
          {state.notice}
        </p>
      )}
      <p
        ref={lead}
        tabIndex={-1}
        role="status"
        className="flex items-center gap-3 text-lg font-semibold text-brand-800 empty:hidden"
      >
        {processing && (
          <span
            aria-hidden="true"
            className="block size-6 shrink-0 rounded-full border-4 border-brand-100 border-t-brand-700 motion-safe:animate-spin"
          />
        )}
        {leadText && (
          <span>
            <PhoneText text={leadText} />
          </span>
        )}
      </p>
      {state.kind === 'confirming' && (
        <p>
          <button type="button" className="btn-outline min-h-12" disabled={state.checking} onClick={checkAgain}>
            {state.checking ? 'Checking...' : 'Check again'}
          </button>
        </p>
      )}
      {answer && status !== 'cancelled' && <PayDetails answer={answer} paid={status === 'paid'} />}
      {answer && link && status === 'unpaid' && (
        <TipForm link={link} amountCents={answer.payRequest.amountCents} onConflict={conflict} onProblem={stop} />
      )}
    </div>
  );
}
