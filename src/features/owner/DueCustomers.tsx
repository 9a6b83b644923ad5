/**
 * The desk's Due tab (docs/product/due-again.md#the-owners-list): the customers whose service is due
 * again within the next 30 days or overdue, soonest first, each with a big 'Call <name>', the
 * service, the due day, the last visit and the reminders sent; 'Download the list (CSV)' saves the
 * same rows with the owner's session, as the Export tab does.
 */
import { useState } from 'react';
import type { DueCustomer, OwnerDueAnswer } from '@/features/visits/owner-api';
import { telHref } from './desk';
import {
  DUE_CSV_PATH,
  dueLine,
  dueName,
  duePath,
  lastVisitLine,
  NOBODY_DUE,
  reminderLines,
  soonestFirst,
} from './desk-due';
import ReadState from './ReadState';
import { downloadFile, EXPORT_FAILED } from './records-calls';
import SendState from './SendState';
import { useOwnerGet, useOwnerSend } from './use-owner';
import { BIG_LINK } from './VisitCard';

interface Props {
  /** The site's today: a due day before it is overdue. */
  today: string;
  version: number;
}

export default function DueCustomers({ today, version }: Props) {
  const read = useOwnerGet<OwnerDueAnswer>(duePath(), version);
  const due = soonestFirst(read.data?.due ?? []);
  return (
    <section aria-labelledby="desk-due">
      <h2 id="desk-due" className="text-2xl font-bold">
        Due again
      </h2>
      <p className="mt-1 text-ink-muted">The next 30 days and overdue, the soonest due first.</p>
      <DownloadDue />
      <ReadState read={read} empty={read.data && due.length === 0 ? NOBODY_DUE : null} />
      {due.length > 0 && (
        <ul aria-labelledby="desk-due" className="mt-4 grid gap-3">
          {due.map((customer) => (
            <DueCard key={customer.visitId} due={customer} today={today} />
          ))}
        </ul>
      )}
    </section>
  );
}

function DueCard({ due, today }: { due: DueCustomer; today: string }) {
  const name = dueName(due);
  return (
    <li className="rounded-2xl border border-slate-200 bg-white p-4">
      <p className="text-lg font-bold break-words">{name}</p>
      <p className="text-ink-muted">{due.service}</p>
      <p className="mt-2 font-semibold">{dueLine(due, today)}</p>
      <p>{lastVisitLine(due)}</p>
      {reminderLines(due).map((line) => (
        <p key={line}>{line}</p>
      ))}
      {due.customer.phone && (
        <>
          <p className="mt-2">{due.customer.phone}</p>
          <a className={`mt-1 ${BIG_LINK}`} href={telHref(due.customer.phone)}>
            Call {name}
          </a>
        </>
      )}
    </li>
  );
}

/** 'Download the list (CSV)': the file read with the owner's session, then saved. */
function DownloadDue() {
  const [done, setDone] = useState('');
  const sending = useOwnerSend(EXPORT_FAILED);
  async function download() {
    setDone('');
    const ok = await sending.send(async () => {
      await downloadFile(DUE_CSV_PATH);
      return true;
    });
    if (ok) setDone('Due list downloaded.');
  }
  return (
    <div className="mt-4">
      <button
        type="button"
        className="btn-outline w-full sm:w-auto"
        disabled={sending.busy}
        onClick={() => void download()}
      >
        Download the list (CSV)
      </button>
      <SendState error={sending.error} />
      <p role="status" className="mt-2 font-semibold empty:hidden">
        {done}
      </p>
    </div>
  );
}
