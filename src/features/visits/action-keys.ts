/**
 * The words of the owner API's Idempotency-Key on visit actions (docs/product/desk.md#owner-api),
 * shared by the server and the desk, in a file of their own so the desk's code carries no schema.
 */

/** The 409 of an action whose key is still being answered: the desk's waiting change is sent again later, not refused. */
export const KEY_BUSY_MESSAGE = 'This change is still being sent.';
