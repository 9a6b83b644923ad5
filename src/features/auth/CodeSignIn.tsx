/**
 * /auth's code mode (docs/product/accounts.md#sign-in, docs/product/accounts.md#e-mail-code): signing in with an
 * e-mailed code instead of a password, then on as a sign-in goes; 'Sign in with a password' back.
 */
import EmailCodeForm from './EmailCodeForm';
import { returnPath } from './return-path';

export default function CodeSignIn({ onBack }: { onBack: () => void }) {
  return (
    <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
      <h1 className="text-3xl font-extrabold">Sign in with a code</h1>
      <p className="mt-1 text-ink-muted">We e-mail you a six-digit code. A new address gets its account on the way.</p>
      <EmailCodeForm
        verifyLabel="Verify code"
        focusOnOpen
        onSignedIn={() => window.location.assign(returnPath(window.location.search) ?? '/account')}
      />
      <p className="mt-5 text-center">
        <button
          type="button"
          onClick={onBack}
          className="min-h-6 font-semibold text-brand-700 underline underline-offset-4"
        >
          Sign in with a password
        </button>
      </p>
    </div>
  );
}
