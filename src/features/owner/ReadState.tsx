/** What a list of the desk says while it is read, when the read failed, or when it is empty. */
import type { OwnerRead } from './use-owner';

interface Props {
  read: OwnerRead<unknown>;
  /** The words for an empty list, or null when it has something. */
  empty: string | null;
}

export default function ReadState({ read, empty }: Props) {
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
