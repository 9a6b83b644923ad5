/** A message of the auth screens: an error (announced at once) or a notice (announced politely). */
import type { ReactNode } from 'react';

interface Props {
  kind: 'error' | 'notice';
  id?: string;
  children: ReactNode;
}

export default function AuthMessage({ kind, id, children }: Props) {
  return kind === 'error' ? (
    <div id={id} role="alert" className="rounded-xl bg-red-50 p-3 font-semibold text-red-800">
      {children}
    </div>
  ) : (
    <p id={id} role="status" className="rounded-xl bg-brand-50 p-3 font-semibold text-brand-800">
      {children}
    </p>
  );
}
