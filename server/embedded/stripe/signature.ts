/**
 * The `Stripe-Signature` header exactly as Stripe computes it: `t=<unix seconds>,v1=<hex HMAC-SHA256
 * of "<t>.<body>" keyed with the endpoint secret>`, which `stripe.webhooks.constructEventAsync`
 * verifies.
 */
import { createHmac } from 'node:crypto';

/** The signature header for `payload` sent at `timestamp` (seconds). */
export function signatureHeader(payload: string, secret: string, timestamp: number): string {
  const signature = createHmac('sha256', secret).update(`${timestamp}.${payload}`, 'utf8').digest('hex');
  return `t=${timestamp},v1=${signature}`;
}
