/**
 * A visit's changes made without a connection (docs/product/desk.md#offline-lists-and-changes): each
 * one waiting to be sent, and each one the server refused when it was sent, with its reason and
 * 'Dismiss'. Shown on the visit's card and in its dialog; nothing when there are none.
 */
import { useStore } from '@nanostores/react';
import { $refused, $waiting, changeWords, dismissRefused } from './offline/queue';

export default function VisitChanges({ visitId }: { visitId: string }) {
  const waiting = useStore($waiting).filter((change) => change.visitId === visitId);
  const refused = useStore($refused).filter((change) => change.visitId === visitId);
  if (waiting.length === 0 && refused.length === 0) return null;
  return (
    <div className="mt-3 grid gap-2">
      {waiting.map((change) => (
        <p key={change.key} className="rounded-lg border border-amber-300 bg-amber-50 p-3 font-semibold text-amber-900">
          Waiting to send: {changeWords(change.request)}
        </p>
      ))}
      {refused.map((change) => (
        <div
          key={change.key}
          role="alert"
          className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-red-300 bg-red-50 p-3 text-red-800"
        >
          <p className="min-w-0 font-semibold break-words">
            Not sent: {change.what}. {change.reason}
          </p>
          <button type="button" className="btn-outline" onClick={() => void dismissRefused(change.key)}>
            Dismiss<span className="sr-only"> &apos;Not sent: {change.what}&apos;</span>
          </button>
        </div>
      ))}
    </div>
  );
}
