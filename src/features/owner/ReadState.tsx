/**
 * What a list of the desk says while it is read, when the read failed, when it is empty, or when it
 * is what this phone kept because there is no connection.
 */
import { formatInstant } from './desk';
import type { OwnerRead } from './use-owner';

/** The line above a list kept on this phone (docs/product/desk.md#offline-lists-and-changes). */
export function offlineLine(keptAt: string): string {
  return `Offline: the list as of ${formatInstant(keptAt)}`;
}

interface Props {
  read: OwnerRead<unknown>;
  /** The words for an empty list, or null when it has something. */
  empty: string | null;
}

export default function ReadState({ read, empty }: Props) {
  if (read.keptAt) {
    return (
      <>
        <p
          role="status"
          className="mt-4 rounded-lg border border-amber-300 bg-amber-50 p-3 font-semibold text-amber-900"
        >
          {offlineLine(read.keptAt)}
        </p>
        {empty && <p className="mt-4 text-ink-muted">{empty}</p>}
      </>
    );
  }
  if (read.error) {
    return (
      <p role="alert" className="mt-4 font-semibold text-red-700">
        {read.error}
      </p>
    );
  }
  if (read.data === null) return <Loading />;
  return empty ? <p className="mt-4 text-ink-muted">{empty}</p> : null;
}

/** 'Loading...', while a list is read or a tab's code is fetched. */
export function Loading() {
  return (
    <p role="status" className="mt-4 text-ink-muted">
      Loading...
    </p>
  );
}
