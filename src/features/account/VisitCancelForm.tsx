/**
 * Cancel on /visit (docs/product/visits.md#changing-a-visit): 'Cancel visit' asks once more, 'Yes, cancel
 * visit' or 'Keep visit'; a booking is refunded in full.
 */
import { useEffect, useRef, useState } from 'react';
import type { VisitChangeAnswer } from '@/features/visits/changes';
import { formatCents } from '@/lib/format';
import { useSend, type OnApplied, type Reach } from './visit-change-calls';

interface Props {
  reach: NonNullable<Reach>;
  answer: VisitChangeAnswer;
  onApplied: OnApplied;
}

export default function VisitCancelForm({ reach, answer, onApplied }: Props) {
  const [asking, setAsking] = useState(false);
  const question = useRef<HTMLParagraphElement>(null);
  const { busy, error, send } = useSend(reach, onApplied);
  const amount = formatCents(answer.visit.amountCents);
  const paid = answer.visit.amountCents > 0;

  useEffect(() => {
    // 'Cancel visit' gives way to the question: focus goes to it rather than to the page.
    if (asking) question.current?.focus();
  }, [asking]);

  const cancel = () =>
    void send({ action: 'cancel' }, () => (paid ? `Visit cancelled and ${amount} refunded.` : 'Visit cancelled.'));

  return (
    <section className="grid gap-3" aria-labelledby="cancel-heading">
      <h2 id="cancel-heading" className="text-2xl font-bold">
        Cancel
      </h2>
      {asking ? (
        <div className="grid gap-3 rounded-lg border-2 border-red-700 bg-white p-3">
          <p ref={question} tabIndex={-1} className="font-semibold">
            {paid ? `Cancel this visit and refund ${amount}?` : 'Cancel this visit?'}
          </p>
          <div className="grid grid-cols-2 gap-2">
            <button
              type="button"
              className="btn bg-red-700 px-3 whitespace-normal text-white hover:bg-red-800"
              disabled={busy}
              onClick={cancel}
            >
              {busy ? 'Saving...' : 'Yes, cancel visit'}
            </button>
            <button type="button" className="btn-outline px-3 whitespace-normal" onClick={() => setAsking(false)}>
              Keep visit
            </button>
          </div>
        </div>
      ) : (
        <>
          <p className="text-ink-muted">{paid ? `A full refund of ${amount} to your card.` : 'Nothing is refunded.'}</p>
          <button type="button" className="btn-outline" onClick={() => setAsking(true)}>
            Cancel visit
          </button>
        </>
      )}
      <p role="alert" className="font-semibold text-red-700 empty:hidden">
        {error}
      </p>
    </section>
  );
}
