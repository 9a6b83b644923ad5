/**
 * What /auth says about how the visitor arrived (docs/product/accounts.md#sign-in): at
 * /auth#needs-javascript, that a form posted before the script ran kept nothing; at
 * /auth#signed-out-here, that a sign-out reached this device only (docs/product/accounts.md#sign-out). Said
 * once: the fragment then leaves the address bar, so a reload or a Back does not say it again.
 */
import { useEffect } from 'react';
import { useArrivalHash, useHydrated } from './hooks';
import { NEEDS_JAVASCRIPT_ID, SIGNED_OUT_HERE_ID } from './link';
import { NEEDS_JAVASCRIPT, SIGNED_OUT_HERE_ONLY } from './messages';

export default function ArrivalNotices() {
  const hydrated = useHydrated();
  const signedOutHere = useArrivalHash() === `#${SIGNED_OUT_HERE_ID}`;

  useEffect(() => {
    if ([`#${NEEDS_JAVASCRIPT_ID}`, `#${SIGNED_OUT_HERE_ID}`].includes(window.location.hash)) {
      history.replaceState(history.state, '', window.location.pathname + window.location.search);
    }
  }, []);

  return (
    <>
      {!hydrated && (
        // Shown only at /auth#needs-javascript, where a form posted before this island ran lands.
        <p
          id={NEEDS_JAVASCRIPT_ID}
          className="mt-4 hidden rounded-xl bg-amber-50 p-3 font-semibold text-amber-900 target:block"
        >
          {NEEDS_JAVASCRIPT}
        </p>
      )}
      {(!hydrated || signedOutHere) && (
        // Before the island runs, shown by the fragment itself; after, for the page that arrived with it.
        <p
          id={SIGNED_OUT_HERE_ID}
          role="status"
          className={`mt-4 rounded-xl bg-amber-50 p-3 text-amber-900 ${signedOutHere ? '' : 'hidden target:block'}`}
        >
          <strong>{SIGNED_OUT_HERE_ONLY.title}.</strong> {SIGNED_OUT_HERE_ONLY.description}
        </p>
      )}
    </>
  );
}
