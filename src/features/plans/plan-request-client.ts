/**
 * Sends an Autopilot sign-up form to /api/plan-request (docs/product/leads.md#plan-requests). Kept apart from the guide
 * dialog's leads/lead-client.ts so neither page's bundle pulls in a shared chunk for a few lines.
 */
import { idempotencyKey, requestJson, type StoredAnswer } from '@/lib/api';
import type { PlanRequest } from './plan-request';

/**
 * Stores the request as a plan-request lead; resolves with its id once stored, throws otherwise.
 * Each submission carries a new Idempotency-Key, so a repeated request stores one lead.
 */
export async function submitPlanRequest(request: PlanRequest): Promise<string> {
  const answer = await requestJson<StoredAnswer>('/api/plan-request', {
    method: 'POST',
    headers: { 'Idempotency-Key': idempotencyKey() },
    body: { ...request, source: window.location.href },
    fallback: 'Plan request not stored',
  });
  if (typeof answer.id !== 'string') throw new Error('Plan request stored without an id');
  return answer.id;
}
