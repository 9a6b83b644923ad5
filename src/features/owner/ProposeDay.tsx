/**
 * 'Propose times for <day>' (docs/product/desk.md#owners-desk, docs/product/visits.md#proposed-times), on
 * Tomorrow and the day Week shows, while the day has a requested visit without a proposal: it asks
 * the server which starts the rule gives (nothing is written), lists them in route order, and only
 * 'Send proposals' proposes and e-mails them; then the day is read again.
 */
import { useEffect, useId, useRef, useState } from 'react';
import type { OwnerVisit } from '@/features/visits/owner-api';
import { formatDay } from '@/lib/dates';
import { proposalPreview, proposedDayDone, wantsProposals, type PreviewLine } from './desk-proposals';
import { LOAD_FAILED, proposeDay, SAVE_FAILED } from './owner-calls';
import SendState from './SendState';
import { useOwnerSend } from './use-owner';

interface Props {
  date: string;
  /** The day's visits as the desk shows them, in route order. */
  visits: readonly OwnerVisit[];
  /** Called once the proposals are sent: the lists are read again. */
  onChanged: () => void;
}

export default function ProposeDay({ date, visits, onChanged }: Props) {
  const day = formatDay(date, 'short');
  const [lines, setLines] = useState<PreviewLine[] | null>(null);
  const [done, setDone] = useState('');
  const previewing = useOwnerSend(LOAD_FAILED);
  const sending = useOwnerSend(SAVE_FAILED);
  const opener = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const status = useRef<HTMLParagraphElement>(null);
  const panelId = useId();

  useEffect(() => {
    // The starts have come below the button: take the reader there.
    if (lines) panel.current?.focus();
  }, [lines]);
  useEffect(() => {
    // The buttons went with the starts: the status that replaces them takes the focus, once drawn.
    if (done) status.current?.focus();
  }, [done]);

  async function preview() {
    if (lines) return close();
    setDone('');
    const answer = await previewing.send(() => proposeDay(date, true));
    if (answer) setLines(proposalPreview(answer.visits));
  }

  function close() {
    setLines(null);
    opener.current?.focus();
  }

  async function send() {
    const answer = await sending.send(() => proposeDay(date, false));
    if (!answer) return;
    setLines(null);
    setDone(proposedDayDone(answer.proposed, date));
    onChanged();
  }

  return (
    <div className="mt-4 grid gap-3">
      {(lines !== null || wantsProposals(visits)) && (
        <button
          ref={opener}
          type="button"
          className="btn-outline whitespace-normal"
          aria-expanded={lines !== null}
          aria-controls={lines ? panelId : undefined}
          disabled={previewing.busy}
          onClick={() => void preview()}
        >
          {previewing.busy ? 'Loading...' : `Propose times for ${day}`}
        </button>
      )}
      {lines && (
        <div id={panelId} ref={panel} tabIndex={-1} className="grid gap-3 rounded-2xl bg-slate-50 p-4">
          <ul aria-label={`Times to propose for ${day}`} className="grid gap-1">
            {lines.map((line) => (
              <li key={line.id} className={`break-words ${line.placed ? '' : 'font-semibold'}`}>
                {line.text}
              </li>
            ))}
          </ul>
          <div className="grid grid-cols-2 gap-2">
            <button
              type="button"
              className="btn-primary whitespace-normal"
              disabled={sending.busy}
              onClick={() => void send()}
            >
              {sending.busy ? 'Saving...' : 'Send proposals'}
            </button>
            <button type="button" className="btn-outline whitespace-normal" onClick={close}>
              Not now
            </button>
          </div>
        </div>
      )}
      <SendState error={previewing.error ?? sending.error} />
      <p ref={status} tabIndex={-1} role="status" className="rounded-lg bg-brand-50 p-3 font-semibold empty:hidden">
        {done}
      </p>
    </div>
  );
}
