/** Sends a guide-download lead to our /api/lead function (docs/product.md#guide-downloads). */

export interface LeadInput {
  firstName: string;
  email: string;
  downloadType: string;
}

/**
 * Stores the lead; resolves with its id, throws when it was not stored. Each submission carries a
 * new Idempotency-Key, so a request the network repeats stores one lead. (randomUUID exists only
 * on HTTPS and localhost; a phone trying the local site over the network gets random hex.)
 */
export async function submitLead(input: LeadInput): Promise<string> {
  const response = await fetch('/api/lead', {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      'Idempotency-Key':
        crypto.randomUUID?.() ??
        Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join(''),
    },
    body: JSON.stringify({
      ...input,
      timestamp: new Date().toISOString(),
      source: window.location.href,
    }),
  });
  if (!response.ok) throw new Error(`Lead not stored: HTTP ${response.status}`);
  const body = (await response.json()) as { id?: unknown };
  return String(body.id ?? '');
}
