/**
 * The desk's Export tab (docs/product/desk.md#owners-desk): the customers, visits, orders and leads as
 * CSV files a spreadsheet opens safely, optionally limited to a range of days ('From', 'To'); below
 * them, the link of the owner's calendar feed (docs/product/calendar-feed.md#on-the-desk).
 */
import { useState } from 'react';
import CalendarFeed from './CalendarFeed';
import { EXPORTS, type ExportName } from './records-api';
import { downloadExport, EXPORT_FAILED } from './records-calls';
import SendState from './SendState';
import { useOwnerSend } from './use-owner';

const NAMES: Record<ExportName, string> = {
  customers: 'Customers',
  visits: 'Visits',
  orders: 'Orders',
  leads: 'Leads',
};

export default function ExportPanel() {
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [done, setDone] = useState('');
  const sending = useOwnerSend(EXPORT_FAILED);

  async function download(name: ExportName) {
    setDone('');
    const ok = await sending.send(async () => {
      await downloadExport(name, from, to);
      return true;
    });
    if (ok) setDone(`${NAMES[name]} downloaded.`);
  }

  return (
    <section aria-labelledby="desk-export">
      <h2 id="desk-export" className="text-2xl font-bold">
        Export
      </h2>
      <p className="mt-2">
        Visits by their day; orders and leads by the day they came in. Leave the days empty for all.
      </p>
      <div className="mt-4 grid gap-3 rounded-2xl bg-slate-50 p-4 sm:grid-cols-2">
        <label className="field-label">
          From
          <input type="date" className="field-input" value={from} onChange={(event) => setFrom(event.target.value)} />
        </label>
        <label className="field-label">
          To
          <input type="date" className="field-input" value={to} onChange={(event) => setTo(event.target.value)} />
        </label>
      </div>
      <div className="mt-4 grid gap-2 sm:grid-cols-2">
        {EXPORTS.map((name) => (
          <button
            key={name}
            type="button"
            className="btn-outline"
            disabled={sending.busy}
            onClick={() => void download(name)}
          >
            Download {name}.csv
          </button>
        ))}
      </div>
      <SendState error={sending.error} />
      <p role="status" className="mt-2 font-semibold empty:hidden">
        {done}
      </p>
      <CalendarFeed />
    </section>
  );
}
