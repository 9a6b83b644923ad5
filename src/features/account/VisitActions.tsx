/**
 * What /visit offers for the visit it shows (docs/product/visits.md#changing-a-visit): a proposed
 * time to answer (docs/product/visits.md#proposed-times), then the move and the cancel the link or
 * the signed-in customer may make; or why nothing may be done, with the phone number.
 */
import { SITE } from '@/site';
import type { VisitChangeAnswer } from '@/features/visits/changes';
import type { AvailabilityAnswer } from '@/features/visits/capacity';
import type { OnApplied, Reach } from './visit-change-calls';
import VisitCancelForm from './VisitCancelForm';
import VisitMoveForm from './VisitMoveForm';
import VisitPhoneLine from './VisitPhoneLine';
import VisitProposal from './VisitProposal';
import { proposalOffer } from './visit-proposal';

interface Props {
  reach: NonNullable<Reach>;
  answer: VisitChangeAnswer;
  availability: AvailabilityAnswer | null;
  onApplied: OnApplied;
}

export default function VisitActions({ reach, answer, availability, onApplied }: Props) {
  const { visit, purpose, blocked } = answer;
  const offer = proposalOffer(answer);
  if (offer.kind === 'closed') return <CallInstead message={offer.message} phone={answer.phone} />;
  const proposal = offer.kind === 'open' && (
    <VisitProposal reach={reach} answer={answer} availability={availability} offer={offer} onApplied={onApplied} />
  );
  if (blocked) {
    // The 24-hour rule stops a move or a cancel, not an answer to a proposal.
    if (!proposal) return <CallInstead message={blocked} phone={answer.phone} />;
    return (
      <div className="grid gap-8">
        {proposal}
        <VisitPhoneLine />
      </div>
    );
  }
  const canMove = purpose === 'any' || purpose === 'reschedule';
  const canCancel = purpose === 'any' || purpose === 'cancel';
  return (
    <div className="grid gap-8">
      {proposal}
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

/** Why nothing may be done here, and the phone number to call instead. */
function CallInstead({ message, phone }: { message: string; phone: string }) {
  return (
    <p role="alert" className="text-lg font-semibold">
      {message}{' '}
      <a className="underline" href={SITE.phone.href}>
        Call {phone}
      </a>
    </p>
  );
}
