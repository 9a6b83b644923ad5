/**
 * The Export tab's calendar feed (docs/product/calendar-feed.md#on-the-desk): 'Show calendar link'
 * reads the link into a read-only field, 'Copy link' puts it on the clipboard (or selects it where
 * the browser refuses), and 'New link', once confirmed, makes another: the old one stops working.
 */
import { useEffect, useRef, useState } from 'react';
import { callApi } from '@/features/auth/api';
import { CALENDAR_URL_PATH, type CalendarUrlAnswer } from './calendar-link';
import SendState from './SendState';
import { useOwnerSend } from './use-owner';

/** Shown when the link could not be read or made without a reason of the server's. */
export const CALENDAR_LINK_FAILED = 'The calendar link could not be loaded. Please try again.';

export default function CalendarFeed() {
  const [url, setUrl] = useState<string | null>(null);
  const [asking, setAsking] = useState(false);
  const [note, setNote] = useState('');
  const field = useRef<HTMLTextAreaElement>(null);
  const question = useRef<HTMLParagraphElement>(null);
  const renew = useRef<HTMLButtonElement>(null);
  const sending = useOwnerSend(CALENDAR_LINK_FAILED);

  // Moves each time a link is shown: focus goes to the field once it is drawn (a frame's wait was
  // not enough on a busy phone, where React drew it later).
  const [shown, setShown] = useState(0);

  useEffect(() => {
    if (asking) question.current?.focus();
  }, [asking]);

  useEffect(() => {
    if (shown > 0) field.current?.focus();
  }, [shown]);

  async function read(method: 'GET' | 'POST', done: string) {
    setNote('');
    const answer = await sending.send(() =>
      callApi<CalendarUrlAnswer>(CALENDAR_URL_PATH, { method, fallback: CALENDAR_LINK_FAILED }),
    );
    if (!answer) return;
    setUrl(answer.url);
    setAsking(false);
    setNote(done);
    // The button pressed is gone or moved: focus goes to the link itself.
    setShown((n) => n + 1);
  }

  function keep() {
    setAsking(false);
    renew.current?.focus();
  }

  async function copy() {
    if (!url) return;
    try {
      await navigator.clipboard.writeText(url);
      setNote('Link copied.');
    } catch {
      field.current?.focus();
      field.current?.select();
      setNote('Select the link and copy it.');
    }
  }

  return (
    <section aria-labelledby="desk-calendar" className="mt-8 grid gap-3 border-t border-slate-200 pt-6">
      <h3 id="desk-calendar" className="text-xl font-bold">
        Calendar feed
      </h3>
      <p id="desk-calendar-about">
        See every requested and confirmed visit from today on in your phone&apos;s calendar: copy the link and add it
        there as a subscribed calendar (Google Calendar: Other calendars, From URL; iPhone: Settings, Calendar,
        Accounts, Add Subscribed Calendar). Anyone with the link can see your visits: keep it private.
      </p>
      {url === null ? (
        <button
          type="button"
          className="btn-primary w-full"
          disabled={sending.busy}
          onClick={() => void read('GET', '')}
        >
          {sending.busy ? 'Loading...' : 'Show calendar link'}
        </button>
      ) : (
        <>
          <label className="field-label">
            Calendar link
            <textarea
              ref={field}
              readOnly
              rows={3}
              className="field-input resize-none font-mono text-sm break-all"
              aria-describedby="desk-calendar-about"
              value={url}
              onFocus={(event) => event.currentTarget.select()}
            />
          </label>
          <div className="grid gap-2 sm:grid-cols-2">
            <button type="button" className="btn-primary" onClick={() => void copy()}>
              Copy link
            </button>
            <button
              ref={renew}
              type="button"
              className="btn-outline"
              disabled={sending.busy}
              onClick={() => setAsking(true)}
            >
              New link
            </button>
          </div>
          {asking && (
            <div className="grid gap-3 rounded-lg border-2 border-red-700 bg-white p-3">
              <p ref={question} tabIndex={-1} className="font-semibold">
                Make a new link? The old one stops working at once: calendars subscribed to it get no more updates.
              </p>
              <div className="grid grid-cols-2 gap-2">
                <button
                  type="button"
                  className="btn bg-red-700 px-3 whitespace-normal text-white hover:bg-red-800"
                  disabled={sending.busy}
                  onClick={() => void read('POST', 'New link made. The old one no longer works.')}
                >
                  {sending.busy ? 'Saving...' : 'Yes, make a new link'}
                </button>
                <button type="button" className="btn-outline px-3 whitespace-normal" onClick={keep}>
                  Keep this link
                </button>
              </div>
            </div>
          )}
        </>
      )}
      <SendState error={sending.error} />
      <p role="status" className="font-semibold empty:hidden">
        {note}
      </p>
    </section>
  );
}
