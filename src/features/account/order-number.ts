/**
 * The order number shown after payment and stored with each order (docs/product/checkout.md#order-number):
 * `ORD-` + the last 8 characters, uppercased, of the text after the last underscore of the
 * checkout session id, or of the whole id when nothing follows an underscore.
 * The /payment-success page's script imports it too: framework-free. Shared core: Node loads it
 * directly from functions/, so relative imports with the extension only.
 */

/** `ORD-XXXXXXXX` for a checkout session id, or null when there is no id. */
export function orderNumber(sessionId: string): string | null {
  const id = sessionId.trim();
  if (id === '') return null;
  const afterUnderscore = id.slice(id.lastIndexOf('_') + 1);
  const source = afterUnderscore === '' ? id : afterUnderscore;
  return `ORD-${source.slice(-8).toUpperCase()}`;
}
