/**
 * A proposed time on /visit (docs/product/visits.md#proposed-times): 'We propose <day> at <time>.', then
 * 'Confirm <time>' (a confirm link, or the signed-in customer) and asking for another time (an
 * another-time link at once; the signed-in customer's second choice, opened by 'Ask for another time').
 */
import { useState } from 'react';
import type { CustomerProposal, VisitChangeAnswer } from '@/features/visits/changes';
import type { AvailabilityAnswer } from '@/features/visits/capacity';
import { useSend, type OnApplied, type Reach } from './visit-change-calls';
import { confirmedLine, proposalLine } from './visit-proposal';
import VisitAnotherForm from './VisitAnotherForm';

interface Props {
  reach: NonNullable<Reach>;
  answer: VisitChangeAnswer;
  availability: AvailabilityAnswer | null;
  offer: { proposal: CustomerProposal; confirm: boolean; another: boolean };
  onApplied: OnApplied;
}

export default function VisitProposal({ reach, answer, availability, offer, onApplied }: Props) {
  const { proposal } = offer;
  // With a confirm button beside it, asking for another time is a second choice that opens the form.
  const [asking, setAsking] = useState(!offer.confirm);
  const { busy, error, send } = useSend(reach, onApplied);

  return (
    <section className="grid gap-4" aria-labelledby="proposal-heading">
      <h2 id="proposal-heading" className="text-2xl font-bold">
        Proposed time
      </h2>
      <p className="text-lg font-semibold">{proposalLine(answer.visit.date, proposal)}</p>
      {offer.confirm && (
        <div className="grid gap-2">
          <button
            type="button"
            className="btn-primary"
            disabled={busy}
            onClick={() => void send({ action: 'confirm' }, (after) => confirmedLine(after, proposal))}
          >
            {busy ? 'Saving...' : `Confirm ${proposal.startLabel}`}
          </button>
          <p role="alert" className="font-semibold text-red-700 empty:hidden">
            {error}
          </p>
        </div>
      )}
      {offer.another &&
        (asking ? (
          <VisitAnotherForm
            reach={reach}
            answer={answer}
            availability={availability}
            onApplied={onApplied}
            focusOnOpen={offer.confirm}
          />
        ) : (
          <button type="button" className="btn-outline" onClick={() => setAsking(true)}>
            Ask for another time
          </button>
        ))}
    </section>
  );
}
