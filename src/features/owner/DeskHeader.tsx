/**
 * The desk's compact header (docs/product/desk.md#owners-desk, "The desk's own shell"): the
 * business's short name, the current view's name as the page's heading, and 'Sign out' on the
 * owner's desk, 'Back to the website' in every other state (loading, signed out, not the owner, failed).
 */
import { useState, type Ref } from 'react';
import { SIGNED_OUT_HERE_ONLY } from '@/features/auth/messages';
import { signOut as signOutEverywhere } from '@/features/auth/store';
import { $waiting, forgetDesk, unsentWarning } from './offline/queue';

interface Props {
  /** The business's short name. */
  business: string;
  /** The current view's name ('Today'), or "Owner's Desk" until the desk is known. */
  heading: string;
  /** Whether the owner's desk is shown: 'Sign out' then, else 'Back to the website'. */
  onDesk: boolean;
  /** The heading, which takes focus when a view is chosen from More's list. */
  ref?: Ref<HTMLHeadingElement>;
}

/** The heading's id: the view below is the region it names. */
export const HEADING_ID = 'desk-heading';

const ACTION =
  'inline-flex min-h-12 shrink-0 items-center rounded-lg px-3 font-semibold text-brand-700 underline-offset-4 hover:underline';

export default function DeskHeader({ business, heading, onDesk, ref }: Props) {
  const [signingOut, setSigningOut] = useState(false);
  // As the site's header signs out (src/layouts/header/sign-out.ts), staying here: the auth store
  // turns the desk signed out in place; a sign-out of this device only is said in a toast.
  // What the desk kept on this phone goes first; changes still waiting are lost only if the owner says so.
  const signOut = () => {
    const waiting = $waiting.get().length;
    if (waiting > 0 && !window.confirm(unsentWarning(waiting))) return;
    setSigningOut(true);
    void forgetDesk()
      .then(() => signOutEverywhere())
      .then(async (reach) => {
        if (reach === 'everywhere') return;
        const { toast } = await import('@/features/toast/toaster');
        toast({ ...SIGNED_OUT_HERE_ONLY, variant: 'destructive' });
      })
      .finally(() => setSigningOut(false));
  };
  return (
    <header className="border-b border-slate-200 bg-white">
      <div className="container-page flex max-w-4xl items-center justify-between gap-3 py-2">
        <div className="min-w-0">
          <p className="truncate text-sm font-semibold text-ink-muted">{business}</p>
          <h1
            id={HEADING_ID}
            ref={ref}
            tabIndex={-1}
            className="truncate text-2xl font-extrabold tracking-tight focus:outline-none"
          >
            {heading}
          </h1>
        </div>
        {onDesk ? (
          <button type="button" className={ACTION} disabled={signingOut} onClick={signOut}>
            Sign out
          </button>
        ) : (
          <a className={ACTION} href="/">
            Back to the website
          </a>
        )}
      </div>
    </header>
  );
}
