/**
 * The desk's Leads tab (docs/product/desk.md#owners-desk): the contact messages, guide downloads and
 * plan requests, newest first, shown by status ('All' or one), each with its status and note.
 */
import { useState } from 'react';
import { LEAD_STATUSES, type LeadStatus, type OwnerLeadsAnswer } from './records-api';
import LeadCard, { LEAD_STATUS_LABELS } from './LeadCard';
import ReadState from './ReadState';
import { useOwnerGet } from './use-owner';

export default function LeadsPanel() {
  const [status, setStatus] = useState<LeadStatus | ''>('');
  const [version, setVersion] = useState(0);
  const read = useOwnerGet<OwnerLeadsAnswer>(`/api/owner/leads${status ? `?status=${status}` : ''}`, version);
  const leads = read.data?.leads ?? [];
  return (
    <section aria-labelledby="desk-leads">
      <h2 id="desk-leads" className="text-2xl font-bold">
        Leads
      </h2>
      <label className="mt-4 field-label">
        Show
        <select
          className="field-input"
          value={status}
          onChange={(event) => setStatus(event.target.value as LeadStatus | '')}
        >
          <option value="">All leads</option>
          {LEAD_STATUSES.map((value) => (
            <option key={value} value={value}>
              {LEAD_STATUS_LABELS[value]}
            </option>
          ))}
        </select>
      </label>
      <ReadState read={read} empty={read.data && leads.length === 0 ? 'No leads here.' : null} />
      <ul className="mt-4 grid gap-3" aria-labelledby="desk-leads">
        {leads.map((lead) => (
          <LeadCard key={lead.id} lead={lead} onSaved={() => setVersion((n) => n + 1)} />
        ))}
      </ul>
    </section>
  );
}
