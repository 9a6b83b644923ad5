/**
 * A visit on the desk (docs/product/desk.md#owners-desk): a Headless UI Dialog, which keeps focus inside
 * until 'Close' or Escape and then returns it to the card's 'Details'. It shows the visit from the
 * list at once, then with its history; after an action, the visit as the server answered it, what
 * was done in words, and the lists behind it are read again (after a 409 carrying the visit, too);
 * its extras: charging them, withdrawing or refunding its pay request (docs/product/extras.md#charging);
 * its texts with the reply box (docs/product/texts.md#the-owners-texts).
 */
import { Dialog, DialogBackdrop, DialogPanel, DialogTitle } from '@headlessui/react';
import { useStore } from '@nanostores/react';
import { useState } from 'react';
import type { OwnerVisit, OwnerVisitAnswer, VisitActionRequest } from '@/features/visits/owner-api';
import { actionsFor } from '@/features/visits/status';
import { actionDone, customerName } from './desk';
import { visitPath } from './owner-paths';
import TechNotes from './TechNotes';
import { $waiting, changeWords } from './offline/queue';
import { useOwnerGet, VisitQueued, VisitRefused } from './use-owner';
import VisitChanges from './VisitChanges';
import VisitActions from './VisitActions';
import VisitExtras from './VisitExtras';
import VisitFacts from './VisitFacts';
import VisitHistory from './VisitHistory';
import VisitTexts from './VisitTexts';

interface Props {
  /** The visit to show, or null when the dialog is closed. */
  visit: OwnerVisit | null;
  onClose: () => void;
  /** Called after every change to the visit. */
  onChanged: () => void;
}

export default function VisitDialog({ visit, onClose, onChanged }: Props) {
  return (
    <Dialog open={visit !== null} onClose={onClose} className="fixed inset-0 z-50 overflow-y-auto sm:p-6">
      <DialogBackdrop className="fixed inset-0 bg-slate-900/60" />
      <DialogPanel className="relative mx-auto min-h-full w-full max-w-2xl bg-white p-4 sm:min-h-0 sm:rounded-2xl sm:p-6">
        {visit && <VisitDetail key={visit.id} summary={visit} onClose={onClose} onChanged={onChanged} />}
      </DialogPanel>
    </Dialog>
  );
}

interface DetailProps {
  summary: OwnerVisit;
  onClose: () => void;
  onChanged: () => void;
}

function VisitDetail({ summary, onClose, onChanged }: DetailProps) {
  const read = useOwnerGet<OwnerVisitAnswer>(visitPath(summary.id));
  const [latest, setLatest] = useState<OwnerVisitAnswer['visit'] | null>(null);
  const [done, setDone] = useState('');
  const detail = latest ?? read.data?.visit ?? null;
  const visit = detail ?? summary;

  function applied(request: VisitActionRequest, next: OwnerVisitAnswer['visit']) {
    setLatest(next);
    setDone(actionDone(request, next));
    onChanged();
  }

  // Made without a connection: it waits on this phone (the dialog says so, as the card does).
  function queued(request: VisitActionRequest) {
    setDone(`${changeWords(request)} saved on this phone: it is sent when the connection returns.`);
  }
  const waiting = useStore($waiting).some((change) => change.visitId === summary.id);

  // Refused because another press or device changed the visit first: show it as it now is. The
  // refused form says why, unless the visit takes no more actions and so shows no form.
  function refused(next: OwnerVisitAnswer['visit'], reason: string) {
    setLatest(next);
    setDone(actionsFor(next.status).some((action) => action !== 'notes') ? '' : reason);
    onChanged();
  }

  return (
    <>
      <div className="flex items-start justify-between gap-3">
        <DialogTitle className="min-w-0 text-2xl font-bold break-words">
          {customerName(visit)}: {visit.service}
        </DialogTitle>
        <button type="button" className="btn-outline" onClick={onClose}>
          Close
        </button>
      </div>
      <VisitFacts visit={visit} />
      <p role="status" className="mt-4 rounded-lg bg-brand-50 p-3 font-semibold empty:hidden">
        {done}
      </p>
      <VisitChanges visitId={visit.id} />
      <VisitRefused.Provider value={refused}>
        <VisitQueued.Provider value={queued}>
          {/* A change waiting to be sent comes first: no other is offered until it has gone. */}
          {!waiting && (
            <>
              <VisitActions visit={visit} onApplied={applied} />
              <VisitExtras visit={visit} onApplied={applied} />
            </>
          )}
          <TechNotes visit={visit} onApplied={applied} />
        </VisitQueued.Provider>
      </VisitRefused.Provider>
      {read.error && !detail && (
        <p role="alert" className="mt-4 font-semibold text-red-700">
          {read.error}
        </p>
      )}
      <VisitTexts visit={visit} />
      <VisitHistory history={detail?.history ?? null} />
    </>
  );
}
