/**
 * Sends an Autopilot sign-up form to /api/plan-request (docs/product.md#plan-requests). Kept apart from the guide
 * dialog's leads/lead-client.ts so neither page's bundle pulls in a shared chunk for a few lines.
 */
import type { PlanRequest } from './plan-request';

/**
 * Stores the request as a plan-request lead; resolves with its id once stored, throws otherwise.
 * Each submission carries a new Idempotency-Key (as in leads/lead-client.ts), so a repeated request
 * stores one lead.
 */
export async function submitPlanRequest(request: PlanRequest): Promise<string> {
  const response = await fetch('/api/plan-request', {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      'Idempotency-Key':
        crypto.randomUUID?.() ??
        Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join(''),
    },
    body: JSON.stringify({ ...request, source: window.location.href }),
  });
  if (!response.ok) throw new Error(`Plan request not stored: HTTP ${response.status}`);
  const { id } = (await response.json()) as { id?: unknown };
  if (typeof id !== 'string') throw new Error('Plan request stored without an id');
  return id;
}
