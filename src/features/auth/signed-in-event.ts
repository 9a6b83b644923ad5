/**
 * The document event the auth store fires when someone signs in on the page, so the header's
 * account islands (`client:session`, src/features/auth/hydrate-with-session.ts) hydrate without the
 * directive loading the store. Its own module: the directive is inlined into every page.
 */
export const SIGNED_IN_EVENT = 'shm:signed-in';
