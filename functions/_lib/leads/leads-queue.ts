/**
 * The leads outbox's queue (docs/product/leads.md#lead-relay): each stored lead and owner event POSTed as
 * JSON to its kind's automation webhook, read at each pass, a 2xx counting as delivered.
 */
import { describe, type OutboxQueue } from '../platform/outbox-queue.ts';
import { LEAD_KINDS, onLeadStored, webhookUrlFor, type LeadKind } from './leads.ts';

/** The leads queue: each lead POSTed as JSON to its kind's webhook, a 2xx counting as delivered. */
export function leadsQueue(
  urlFor: (kind: LeadKind) => string | undefined = (kind) => webhookUrlFor(kind),
): OutboxQueue {
  return {
    name: 'Leads outbox',
    table: 'public.leads',
    configuredKinds: () => LEAD_KINDS.filter((kind) => urlFor(kind)),
    onStored: onLeadStored,
    async deliver(lead, signal, stopping) {
      const url = urlFor(lead.kind as LeadKind);
      // Unset since the claim: release it for when the URL comes back.
      if (!url) return { aborted: true };
      try {
        const res = await fetch(url, {
          method: 'POST',
          headers: {
            'Content-Type': 'application/json; charset=utf-8',
            // Lets a receiver drop the rare repeat (an answer lost after the tool stored the lead): the
            // key the visitor's form sent or the event's key, so a retried submission and its relay
            // share one, else the id.
            'Idempotency-Key': lead.idempotency_key ?? lead.id,
          },
          body: JSON.stringify(lead.payload),
          // A redirect would turn the POST into a GET and lose the body: count it as a failure.
          redirect: 'manual',
          signal,
        });
        await res.arrayBuffer().catch(() => undefined);
        return res.status >= 200 && res.status < 300 ? { ok: true } : { ok: false, error: `HTTP ${res.status}` };
      } catch (error) {
        if (stopping.aborted) return { aborted: true };
        return { ok: false, error: describe(error) };
      }
    },
  };
}
