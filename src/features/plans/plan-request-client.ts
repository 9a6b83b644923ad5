/**
 * Sends an Autopilot sign-up form to /api/plan-request (docs/product.md#plan-requests). Kept apart from the guide
 * dialog's leads/lead-client.ts so neither page's bundle pulls in a shared chunk for a few lines.
 */
import type { PlanRequest } from './plan-request';

/** Stores the request as a plan-request lead; resolves with its id once stored, throws otherwise. */
export async function submitPlanRequest(request: PlanRequest): Promise<string> {
  const response = await fetch('/api/plan-request', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ ...request, source: window.location.href }),
  });
  if (!response.ok) throw new Error(`Plan request not stored: HTTP ${response.status}`);
  const { id } = (await response.json()) as { id?: unknown };
  if (typeof id !== 'string') throw new Error('Plan request stored without an id');
  return id;
}
