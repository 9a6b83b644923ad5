/**
 * A desk link to one visit (`/owner/visits/<id>`: docs/product/desk.md#owners-desk, "A link to one
 * thing", as the owner alerts send them): the visit read once the desk is drawn, handed to its
 * dialog, or why it cannot be shown, above the view.
 */
import { useEffect, useState } from 'react';
import { callApi } from '@/features/auth/api';
import { namesVisit } from '@/features/visits/desk-link';
import type { OwnerVisit, OwnerVisitAnswer } from '@/features/visits/owner-api';
import { ApiError } from '@/lib/api';
import { keptVisit } from './offline/kept';
import { noConnection } from './offline/queue';
import { errorMessage, LOAD_FAILED } from './owner-calls';
import { visitPath } from './owner-paths';

/** Shown above the view when a link's visit is not there (or its id is not one). */
export const VISIT_NOT_FOUND = 'That visit could not be found.';

/**
 * Reads the visit `id` names (readDeskLink's, null when the link names none or not a valid id) and
 * calls `onFound` (a state setter: the same function each render) with it; answers what to show above
 * the view ('' when nothing).
 */
export function useLinkedVisit(id: string | null, onFound: (visit: OwnerVisit) => void): string {
  const [problem, setProblem] = useState(() =>
    id === null && namesVisit(window.location.pathname + window.location.search) ? VISIT_NOT_FOUND : '',
  );
  useEffect(() => {
    if (id === null) return;
    let current = true;
    callApi<OwnerVisitAnswer>(visitPath(id), { fallback: LOAD_FAILED }).then(
      (answer) => current && onFound(answer.visit),
      async (error: unknown) => {
        // No connection: the visit as this phone last read it (docs/product/desk.md#offline-lists-and-changes).
        const kept = noConnection(error) ? await keptVisit(id) : null;
        if (!current) return;
        if (kept) onFound(kept);
        else
          setProblem(
            error instanceof ApiError && error.status === 404 ? VISIT_NOT_FOUND : errorMessage(error, LOAD_FAILED),
          );
      },
    );
    return () => {
      current = false;
    };
  }, [id, onFound]);
  return problem;
}
