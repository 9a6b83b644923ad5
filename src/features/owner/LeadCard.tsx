/**
 * One lead on the desk's Leads tab (docs/product/desk.md#owners-desk): its kind, name, when, phone (tap
 * to call), a reply link (mailto with the subject filled), what was sent, the relay state, and its
 * status and note, saved with 'Save lead'.
 */
import { useState, type FormEvent } from 'react';
import { LEAD_STATUSES, type LeadStatus, type OwnerLead } from './records-api';
import { SAVE_FAILED } from './owner-calls';
import { saveLead } from './records-calls';
import { telHref } from './desk';
import SendState from './SendState';
import { useOwnerSend } from './use-owner';
import { BIG_LINK } from './VisitCard';

/** The kinds in the desk's words. */
export const LEAD_KIND_LABELS: Record<OwnerLead['kind'], string> = {
  contact: 'Contact message',
  download: 'Guide download',
  'plan-request': 'Plan request',
};

/** The statuses in the desk's words. */
export const LEAD_STATUS_LABELS: Record<LeadStatus, string> = {
  new: 'New',
  contacted: 'Contacted',
  won: 'Won',
  lost: 'Lost',
};

const RELAY: Record<OwnerLead['relay'], string> = {
  delivered: 'Sent to the automation tool',
  pending: 'Waiting to be sent to the automation tool',
  unconfigured: 'No automation tool configured',
};

/** The fields shown as they were sent, without those shown above. */
const SHOWN = new Set(['name', 'fullName', 'firstName', 'email', 'phone', 'timestamp', 'source', 'triggered_from']);

interface Props {
  lead: OwnerLead;
  onSaved: (lead: OwnerLead) => void;
}

export default function LeadCard({ lead, onSaved }: Props) {
  const [status, setStatus] = useState<LeadStatus>(lead.status);
  const [note, setNote] = useState(lead.note);
  const [done, setDone] = useState('');
  const saving = useOwnerSend(SAVE_FAILED);
  const name = lead.name || lead.email || 'Someone';
  const kind = LEAD_KIND_LABELS[lead.kind];
  const subject = encodeURIComponent(`Re: your ${kind.toLowerCase()}`);

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setDone('');
    const saved = await saving.send(() => saveLead(lead.id, { status, note }));
    if (!saved) return;
    setDone('Lead saved.');
    onSaved(saved);
  }

  return (
    <li className="rounded-2xl border border-slate-200 bg-white p-4">
      <p className="flex flex-wrap items-center justify-between gap-2">
        <span className="font-semibold">
          {kind}: {name}
        </span>
        <span className="rounded-full bg-slate-100 px-3 py-1 text-sm font-semibold">
          {LEAD_STATUS_LABELS[lead.status]}
        </span>
      </p>
      <p className="text-sm text-ink-muted">
        {new Date(lead.createdAt).toLocaleString('en-US', { timeZone: 'America/Chicago' })}
      </p>
      <dl className="mt-2 grid gap-1 text-sm break-words">
        {Object.entries(lead.fields)
          .filter(([field, value]) => !SHOWN.has(field) && value !== '' && value !== null)
          .map(([field, value]) => (
            <div key={field}>
              <dt className="inline font-semibold">{field}: </dt>
              <dd className="inline">{typeof value === 'string' ? value : JSON.stringify(value)}</dd>
            </div>
          ))}
      </dl>
      <p className="mt-1 text-sm text-ink-muted">{RELAY[lead.relay]}</p>
      <div className="mt-3 flex flex-wrap gap-2">
        {lead.phone && (
          <a className={BIG_LINK} href={telHref(lead.phone)}>
            Call {lead.phone}
          </a>
        )}
        {lead.email && (
          <a className={BIG_LINK} href={`mailto:${lead.email}?subject=${subject}`}>
            Reply to {name}
          </a>
        )}
      </div>
      <form noValidate onSubmit={(event) => void save(event)} className="mt-3 grid gap-2">
        <label className="field-label">
          Status
          <select
            className="field-input"
            value={status}
            onChange={(event) => setStatus(event.target.value as LeadStatus)}
          >
            {LEAD_STATUSES.map((value) => (
              <option key={value} value={value}>
                {LEAD_STATUS_LABELS[value]}
              </option>
            ))}
          </select>
        </label>
        <label className="field-label">
          Note
          <textarea
            className="field-input"
            rows={2}
            maxLength={2000}
            value={note}
            onChange={(e) => setNote(e.target.value)}
          />
        </label>
        <button type="submit" className="btn-primary" disabled={saving.busy}>
          {saving.busy ? 'Saving...' : 'Save lead'}
          <span className="sr-only"> of {name}</span>
        </button>
        <SendState error={saving.error} />
        <p role="status" className="font-semibold empty:hidden">
          {done}
        </p>
      </form>
    </li>
  );
}
