/** A visit's history on the desk (docs/product/visits.md#visits), oldest first: what, when, who, and what changed. */
import type { VisitHistoryEntry } from '@/features/visits/owner-api';
import { describeChange } from './desk';

interface Props {
  /** The history, or null while it is read. */
  history: readonly VisitHistoryEntry[] | null;
}

export default function VisitHistory({ history }: Props) {
  return (
    <section aria-labelledby="visit-history" className="mt-6">
      <h3 id="visit-history" className="text-lg font-bold">
        History
      </h3>
      {history === null ? (
        <p className="mt-2 text-ink-muted">Loading...</p>
      ) : (
        <ol className="mt-2 grid gap-2">
          {history.map((entry, index) => {
            const change = describeChange(entry);
            return (
              <li key={`${entry.at}-${index}`} className="border-l-4 border-slate-200 pl-3">
                <p>
                  <strong>{change.what}</strong>, {change.when}, by {change.who}
                </p>
                {change.changes.length > 0 && (
                  <p className="text-sm break-words text-ink-muted">{change.changes.join('; ')}</p>
                )}
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
