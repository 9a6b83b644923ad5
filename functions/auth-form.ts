/**
 * POST /api/auth-form: where the auth forms post when their script has not run (JavaScript off,
 * or not loaded yet), so a password never lands in a URL, a history entry or a log
 * (docs/product/accounts.md#sign-in). The body is never read, kept or logged: the answer sends the browser
 * back to the sign-in screen, whose fragment makes it explain.
 */
import { handler } from './_lib/platform/http.ts';

/** Where a script-less post is sent: the sign-in screen, showing its notice for the fragment. */
export const NEEDS_JAVASCRIPT_PATH = '/auth#needs-javascript';

// The request body is deliberately left unread: the server drops it once the answer is sent.
export default handler(['POST'], () =>
  Promise.resolve(
    new Response(null, { status: 303, headers: { Location: NEEDS_JAVASCRIPT_PATH, 'Cache-Control': 'no-store' } }),
  ),
);

export const config = { path: '/api/auth-form' };
