/**
 * Cancel and refund (docs/product/desk.md#owners-desk): a reason the customer sees, 'Refund <amount> to
 * the card' (checked), then 'Cancel visit' asks once more: 'Yes, cancel visit' or 'Keep visit'. The
 * refund is the whole booking's, with the visit's idempotency key: two presses refund once.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { OwnerVisit, OwnerVisitAnswer, VisitActionRequest } from '@/features/visits/owner-api';
import { formatCents } from '@/lib/format';
import SendState from './SendState';
import { useVisitAction } from './use-owner';

interface Props {
  visit: OwnerVisit;
  onApplied: (request: VisitActionRequest, visit: OwnerVisitAnswer['visit']) => void;
}

export default function CancelForm({ visit, onApplied }: Props) {
  const paid = visit.amountCents > 0;
  const [reason, setReason] = useState('');
  const [refund, setRefund] = useState(paid);
  const [asking, setAsking] = useState(false);
  const question = useRef<HTMLParagraphElement>(null);
  const action = useVisitAction(visit.id, onApplied);
  const amount = formatCents(visit.amountCents);

  useEffect(() => {
    // 'Cancel visit' gives way to the question: focus goes to it rather than to the page.
    if (asking) question.current?.focus();
  }, [asking]);

  function ask(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setAsking(true);
  }

  const cancel = () =>
    void action.act({ action: 'cancel', refund: paid && refund, ...(reason.trim() ? { reason } : {}) });

  return (
    <form onSubmit={ask} className="grid gap-3">
      <label className="field-label">
        Reason (the customer sees it)
        <input
          type="text"
          className="field-input"
          maxLength={500}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
        />
      </label>
      {paid && (
        <label className="flex min-h-11 items-center gap-3 font-semibold">
          <input
            type="checkbox"
            className="size-6 accent-brand-700"
            checked={refund}
            onChange={(event) => setRefund(event.target.checked)}
          />
          Refund {amount} to the card
        </label>
      )}
      {asking ? (
        <div className="grid gap-3 rounded-lg border-2 border-red-700 bg-white p-3">
          <p ref={question} tabIndex={-1} className="font-semibold">
            {paid && refund ? `Cancel this visit and refund ${amount}?` : 'Cancel this visit without a refund?'}
          </p>
          <div className="grid grid-cols-2 gap-2">
            <button
              type="button"
              className="btn bg-red-700 px-3 whitespace-normal text-white hover:bg-red-800"
              disabled={action.busy}
              onClick={cancel}
            >
              {action.busy ? 'Saving...' : 'Yes, cancel visit'}
            </button>
            <button type="button" className="btn-outline px-3 whitespace-normal" onClick={() => setAsking(false)}>
              Keep visit
            </button>
          </div>
        </div>
      ) : (
        <button type="submit" className="btn-primary">
          Cancel visit
        </button>
      )}
      <SendState error={action.error} />
    </form>
  );
}
