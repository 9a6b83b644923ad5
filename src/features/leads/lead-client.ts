/** Sends a guide-download lead to our /api/lead function (docs/product/leads.md#guide-downloads). */
import type { StoredAnswer } from '@/lib/api';

export interface LeadInput {
  firstName: string;
  email: string;
  downloadType: string;
}

/**
 * Stores the lead; resolves with its id, throws when it was not stored. Each submission carries a
 * new Idempotency-Key, so a request the network repeats stores one lead. The API client loads with
 * the first lead sent, so the articles' scripts stay as small as they were.
 */
export async function submitLead(input: LeadInput): Promise<string> {
  const { idempotencyKey, requestJson } = await import('@/lib/api');
  const answer = await requestJson<StoredAnswer>('/api/lead', {
    method: 'POST',
    headers: { 'Idempotency-Key': idempotencyKey() },
    body: { ...input, timestamp: new Date().toISOString(), source: window.location.href },
    fallback: 'Lead not stored',
  });
  return String(answer.id ?? '');
}
