/**
 * A visit's extras on its dialog: 'Charge extras' on a visit done without an unpaid pay request
 * (docs/product/extras.md#charging), 'Cancel pay request' on an unpaid one
 * (docs/product/extras.md#pay-requests) and 'Refund extras' on a paid one, the whole payment, tip
 * included (docs/product/extras.md#refunding-extras); each a button that opens its form below, the
 * last two asking once more before anything is sent. The pay request itself is among the visit's
 * facts (VisitFacts).
 */
import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { OwnerVisit, OwnerVisitAnswer, VisitActionRequest } from '@/features/visits/owner-api';
import { formatCents } from '@/lib/format';
import ChargeForm from './ChargeForm';
import { canCharge, canRefund, paidCents } from './desk-extras';
import SendState from './SendState';
import { useVisitAction } from './use-owner';

type ExtrasAction = 'charge' | 'cancel-charge' | 'refund-extras';

const LABELS: Readonly<Record<ExtrasAction, string>> = {
  charge: 'Charge extras',
  'cancel-charge': 'Cancel pay request',
  'refund-extras': 'Refund extras',
};

interface Props {
  visit: OwnerVisit;
  onApplied: (request: VisitActionRequest, visit: OwnerVisitAnswer['visit']) => void;
}

export default function VisitExtras({ visit, onApplied }: Props) {
  const [open, setOpen] = useState<ExtrasAction | null>(null);
  const openers = useRef<Partial<Record<ExtrasAction, HTMLButtonElement | null>>>({});
  const request = visit.payRequest ?? null;
  const offered: ExtrasAction[] = [];
  if (canCharge(visit)) offered.push('charge');
  if (request?.status === 'unpaid') offered.push('cancel-charge');
  if (canRefund(request)) offered.push('refund-extras');
  if (offered.length === 0) return null;
  const shown = open !== null && offered.includes(open) ? open : null;

  const applied = (sent: VisitActionRequest, next: OwnerVisitAnswer['visit']) => {
    setOpen(null);
    onApplied(sent, next);
  };
  // 'Keep ...' closes the question and puts the reader back on the button that asked it.
  const keep = (action: ExtrasAction) => {
    setOpen(null);
    openers.current[action]?.focus();
  };
  const forms: Record<ExtrasAction, () => ReactNode> = {
    charge: () => <ChargeForm visit={visit} onApplied={applied} />,
    'cancel-charge': () => (
      <ConfirmExtras
        visit={visit}
        request={{ action: 'cancel-charge' }}
        question={`Cancel this pay request for ${formatCents(request?.amountCents ?? 0)}? Its link will say nothing is owed.`}
        yes="Yes, cancel pay request"
        no="Keep pay request"
        onApplied={applied}
        onKeep={() => keep('cancel-charge')}
      />
    ),
    'refund-extras': () => (
      <ConfirmExtras
        visit={visit}
        request={{ action: 'refund-extras' }}
        question={`Refund ${formatCents(request ? paidCents(request) - request.refundedCents : 0)} (the extras and the tip) to the card?`}
        yes="Yes, refund extras"
        no="Keep payment"
        onApplied={applied}
        onKeep={() => keep('refund-extras')}
      />
    ),
  };

  return (
    <section aria-labelledby="visit-extras" className="mt-6">
      <h3 id="visit-extras" className="text-lg font-bold">
        Extras
      </h3>
      <div className="mt-2 grid grid-cols-2 gap-2 sm:grid-cols-3">
        {offered.map((action) => (
          <button
            key={action}
            ref={(button) => {
              openers.current[action] = button;
            }}
            type="button"
            className={`whitespace-normal ${shown === action ? 'btn-primary' : 'btn-outline'}`}
            aria-expanded={shown === action}
            aria-controls={shown === action ? 'visit-extras-form' : undefined}
            onClick={() => setOpen(shown === action ? null : action)}
          >
            {LABELS[action]}
          </button>
        ))}
      </div>
      {shown && (
        <div id="visit-extras-form" className="mt-4 rounded-2xl bg-slate-50 p-4">
          {forms[shown]()}
        </div>
      )}
    </section>
  );
}

interface ConfirmProps {
  visit: OwnerVisit;
  request: VisitActionRequest;
  question: string;
  yes: string;
  no: string;
  onApplied: (request: VisitActionRequest, visit: OwnerVisitAnswer['visit']) => void;
  onKeep: () => void;
}

/** The question before a pay request is withdrawn or refunded, as 'Cancel visit' asks (CancelForm). */
function ConfirmExtras({ visit, request, question, yes, no, onApplied, onKeep }: ConfirmProps) {
  const asked = useRef<HTMLParagraphElement>(null);
  const action = useVisitAction(visit.id, onApplied);

  useEffect(() => {
    // The press revealed the question: focus goes to it rather than to the page.
    asked.current?.focus();
  }, []);

  return (
    <div className="grid gap-3 rounded-lg border-2 border-red-700 bg-white p-3">
      <p ref={asked} tabIndex={-1} className="font-semibold">
        {question}
      </p>
      <div className="grid grid-cols-2 gap-2">
        <button
          type="button"
          className="btn bg-red-700 px-3 whitespace-normal text-white hover:bg-red-800"
          disabled={action.busy}
          onClick={() => void action.act(request)}
        >
          {action.busy ? 'Saving...' : yes}
        </button>
        <button type="button" className="btn-outline px-3 whitespace-normal" onClick={onKeep}>
          {no}
        </button>
      </div>
      <SendState error={action.error} />
    </div>
  );
}
