/** Sends leads to our functions: guide downloads to /api/lead, plan requests to /api/plan-request. */
import type { PlanRequest } from './plan-request';

export interface LeadInput {
  firstName: string;
  email: string;
  downloadType: string;
}

/** Posts one lead; resolves with its stored id, throws when it was not stored. */
async function postLead(path: string, body: Record<string, unknown>): Promise<string> {
  const response = await fetch(path, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ ...body, source: window.location.href }),
  });
  if (!response.ok) throw new Error(`Lead not stored: HTTP ${response.status}`);
  const answer = (await response.json()) as { id?: unknown };
  return String(answer.id ?? '');
}

/** Stores a guide-download lead (SPEC §7 lead payload). */
export function submitLead(input: LeadInput): Promise<string> {
  return postLead('/api/lead', { ...input, timestamp: new Date().toISOString() });
}

/** Stores an Autopilot sign-up form as a plan-request lead (DECISIONS.md). */
export function submitPlanRequest(request: PlanRequest): Promise<string> {
  return postLead('/api/plan-request', { ...request });
}
