/**
 * A visit's texts in its dialog (docs/product/texts.md#the-owners-texts): every text with its number,
 * newest first (the time, in or out, and for a sent one 'Waiting for 8 AM', 'Sent' or 'Not sent:
 * <reason>'), and the reply box 'Text <customer>' (up to 480 characters, counted), with 'Sent at 8
 * AM: it is quiet hours.' beside it from 9 PM to 8 AM (by the phone's clock, as To confirm reads
 * its proposals' ages). A number that opted out shows 'Opted out of texts' and no box. A failed send
 * keeps what was typed, and sends it again under the same key.
 */
import { useId, useState, type FormEvent } from 'react';
import { MAX_REPLY_CHARACTERS, type OwnerTextsAnswer, type OwnerVisit } from '@/features/visits/owner-api';
import { idempotencyKey } from '@/lib/api';
import { formatInstant } from './desk';
import { quietHoursNote, REPLY_FAILED, replyLabel, sendReply, textsPath, textStateLabel } from './desk-texts';
import SendState from './SendState';
import { useOwnerGet, useOwnerSend } from './use-owner';

interface Props {
  visit: OwnerVisit;
}

export default function VisitTexts({ visit }: Props) {
  const [version, setVersion] = useState(0);
  const read = useOwnerGet<OwnerTextsAnswer>(textsPath(visit.id), version);
  const [draft, setDraft] = useState('');
  // One key per text typed: a send retried after a lost answer is stored once.
  const [key, setKey] = useState(idempotencyKey);
  const [done, setDone] = useState('');
  const sender = useOwnerSend(REPLY_FAILED);
  const countId = useId();
  const quiet = quietHoursNote(new Date());
  const body = draft.trim();

  async function send(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!body) return;
    setDone('');
    const text = await sender.send(() => sendReply(visit.id, body, key));
    if (!text) return;
    setDraft('');
    setKey(idempotencyKey());
    setDone(text.state === 'waiting' && text.sendAt && text.sendAt > text.at ? textStateLabel(text) : 'Text sent.');
    setVersion((v) => v + 1);
  }

  const texts = read.data?.texts ?? null;
  return (
    <section aria-labelledby="visit-texts" className="mt-6">
      <h3 id="visit-texts" className="text-lg font-bold">
        Texts
      </h3>
      {read.data?.optedOut && <p className="mt-2 font-semibold">Opted out of texts</p>}
      {read.data && !read.data.optedOut && (
        <form onSubmit={(event) => void send(event)} className="mt-2 grid gap-2">
          <label className="field-label">
            {replyLabel(visit)}
            <textarea
              className="field-input"
              rows={3}
              maxLength={MAX_REPLY_CHARACTERS}
              value={draft}
              aria-describedby={countId}
              onChange={(event) => setDraft(event.target.value)}
            />
          </label>
          <p id={countId} className="text-sm text-ink-muted">
            {draft.length} of {MAX_REPLY_CHARACTERS} characters
            {quiet && <span className="block font-semibold text-ink">{quiet}</span>}
          </p>
          <button type="submit" className="btn-outline sm:justify-self-start" disabled={sender.busy || !body}>
            {sender.busy ? 'Sending...' : 'Send text'}
          </button>
          <SendState error={sender.error} />
          <p role="status" className="rounded-lg bg-brand-50 p-3 font-semibold empty:hidden">
            {done}
          </p>
        </form>
      )}
      {read.error && !read.data && (
        <p role="alert" className="mt-2 font-semibold text-red-700">
          {read.error}
        </p>
      )}
      {texts === null ? (
        !read.error && <p className="mt-2 text-ink-muted">Loading...</p>
      ) : texts.length === 0 ? (
        <p className="mt-2 text-ink-muted">No texts yet.</p>
      ) : (
        <ol aria-label="Texts, newest first" className="mt-3 grid gap-2">
          {texts.map((text) => (
            <li
              key={text.id}
              className={`rounded-lg p-3 ${text.direction === 'inbound' ? 'bg-slate-100' : 'border border-slate-200'}`}
            >
              <p className="text-sm font-semibold">
                {formatInstant(text.at)}, {text.direction === 'inbound' ? 'in' : 'out'}
                {text.state !== 'received' && `: ${textStateLabel(text)}`}
              </p>
              <p className="break-words whitespace-pre-line">{text.body}</p>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
