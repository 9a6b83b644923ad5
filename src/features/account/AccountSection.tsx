/** One card of the /account screen: a section named by its heading. */
import type { ReactNode } from 'react';

/** The style of the account screen's text links. */
export const ACCOUNT_LINK =
  'inline-flex min-h-11 items-center font-semibold text-brand-700 underline underline-offset-4';

// min-w-0: a grid item would otherwise grow to its widest content and push the page sideways.
const CARD = 'min-w-0 rounded-2xl border border-slate-200 bg-white p-6';

interface Props {
  id: string;
  title: string;
  /** Spans both columns on wide screens. */
  wide?: boolean;
  children: ReactNode;
}

export default function AccountSection({ id, title, wide = false, children }: Props) {
  return (
    <section className={wide ? `${CARD} md:col-span-2` : CARD} aria-labelledby={id}>
      <h2 id={id} className="text-xl font-bold">
        {title}
      </h2>
      {children}
    </section>
  );
}
