/**
 * Below the booking card, for a visitor without a session who pressed Book & Pay
 * (docs/product/services.md#booking-card): 'Continue with an e-mail code' (docs/product/accounts.md#e-mail-code,
 * the account made on the way), or 'Sign in instead' with a password and back to the card. The
 * card stays as it is on the page either way, and its draft in this tab.
 */
import EmailCodeForm from '@/features/auth/EmailCodeForm';
import { signInReturningTo } from '@/features/auth/return-path';
import { cardAddress } from './booking-draft';

export default function BookingCodeStep({ onSignedIn }: { onSignedIn: () => Promise<void> }) {
  return (
    <section aria-labelledby="booking-code-title" className="mt-6 border-t border-slate-200 pt-5">
      <h3 id="booking-code-title" className="text-xl font-bold">
        Continue with an e-mail code
      </h3>
      <p className="mt-1 text-ink-muted">
        No password needed. We e-mail you a six-digit code; a new address gets its account on the way.
      </p>
      <EmailCodeForm verifyLabel="Verify and pay" focusOnOpen onSignedIn={onSignedIn} />
      <p className="mt-4">
        Have a password?{' '}
        <a
          href={signInReturningTo(cardAddress(window.location))}
          className="font-semibold text-brand-700 underline underline-offset-4"
        >
          Sign in instead
        </a>
      </p>
    </section>
  );
}
