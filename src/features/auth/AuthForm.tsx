/**
 * The /auth screen (docs/product/accounts.md#sign-in): sign in or create an account (the toggle clears the
 * error and fields), a busy state, every message verbatim, 'Forgot password?', the confirmation
 * e-mail again after "Email not confirmed", and 'E-mail me a code' (docs/product/accounts.md#e-mail-code).
 * A signed-in visitor is sent home; a sign-in goes to /account. The form posts, so a press before
 * this island runs never puts what was typed in the address bar (/auth#needs-javascript explains);
 * /auth#signed-out-here says a sign-out reached this device only (docs/product/accounts.md#sign-out).
 */
import { useEffect, useId, useState, type FormEvent } from 'react';
import ArrivalNotices from './ArrivalNotices';
import { RESET_PATH } from './link';
import { SIGN_UP_NOTICE, validateAuthForm, type AuthFields, type AuthMode } from './messages';
import AuthField from './AuthField';
import AuthMessage from './AuthMessage';
import AuthModeLinks from './AuthModeLinks';
import AuthPostForm from './AuthPostForm';
import CodeSignIn from './CodeSignIn';
import { useAuth } from './hooks';
import ResendConfirmation from './ResendConfirmation';
import { returnPath } from './return-path';
import PrivacyNote from '@/components/PrivacyNote';
import { signIn, signUp, startAuth } from './store';

const EMPTY: AuthFields = { email: '', password: '', fullName: '', confirmPassword: '' };

export default function AuthForm() {
  const auth = useAuth();
  const id = useId();
  const [mode, setMode] = useState<AuthMode>('sign-in');
  const [fields, setFields] = useState<AuthFields>(EMPTY);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [unconfirmed, setUnconfirmed] = useState(false);
  const [byCode, setByCode] = useState(false); // CodeSignIn shows, and goes on once signed in
  const signingUp = mode === 'sign-up';

  useEffect(() => {
    void startAuth(); // once per page, however often this runs
    if (auth.status === 'signed-in' && !busy && !byCode) {
      window.location.replace(returnPath(window.location.search) ?? '/');
    }
  }, [auth.status, busy, byCode]);

  /** Shows another mode (password or e-mailed code), with nothing typed or shown before. */
  function switchTo(next: AuthMode, code: boolean) {
    setMode(next);
    setByCode(code);
    setFields(EMPTY);
    setError(null);
    setNotice(null);
    setUnconfirmed(false);
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setNotice(null);
    setUnconfirmed(false);
    const problem = validateAuthForm(mode, fields);
    if (problem) {
      setError(problem);
      return;
    }
    setError(null);
    setBusy(true);
    if (signingUp) {
      const refused = await signUp(fields.email.trim(), fields.password, fields.fullName.trim());
      setBusy(false);
      if (refused) setError(refused.message);
      else {
        setNotice(SIGN_UP_NOTICE);
        setFields(EMPTY);
      }
      return;
    }
    const refused = await signIn(fields.email.trim(), fields.password);
    if (refused) {
      setBusy(false);
      setError(refused.message);
      setUnconfirmed(refused.code === 'email_not_confirmed');
      return;
    }
    window.location.assign(returnPath(window.location.search) ?? '/account');
  }

  const field = (name: keyof AuthFields, label: string, type: 'email' | 'password' | 'text', autoComplete: string) => (
    <AuthField
      id={`${id}-${name}`}
      name={name}
      label={label}
      type={type}
      autoComplete={autoComplete}
      value={fields[name]}
      onChange={(value) => setFields((f) => ({ ...f, [name]: value }))}
      describedBy={error ? `${id}-error` : undefined}
    />
  );

  if (byCode) return <CodeSignIn onBack={() => switchTo(mode, false)} />;

  return (
    <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
      <h1 className="text-3xl font-extrabold">{signingUp ? 'Create your account' : 'Sign in'}</h1>
      <p className="mt-1 text-ink-muted">
        {signingUp ? 'Manage your Autopilot plan and bookings in one place.' : 'Welcome back.'}
      </p>
      <ArrivalNotices />
      <AuthPostForm busy={busy} onSubmit={onSubmit}>
        {signingUp && field('fullName', 'Full name', 'text', 'name')}
        {field('email', 'Email', 'email', 'email')}
        {field('password', 'Password', 'password', signingUp ? 'new-password' : 'current-password')}
        {!signingUp && (
          <a
            href={RESET_PATH}
            className="-mt-2 inline-flex min-h-11 items-center justify-self-end font-semibold text-brand-700 underline underline-offset-4"
          >
            Forgot password?
          </a>
        )}
        {signingUp && field('confirmPassword', 'Confirm password', 'password', 'new-password')}
        {error && (
          <AuthMessage kind="error" id={`${id}-error`}>
            <p>{error}</p>
            {unconfirmed && (
              <ResendConfirmation
                email={fields.email.trim()}
                onSent={(sent) => {
                  setUnconfirmed(false);
                  setError(null);
                  setNotice(sent);
                }}
                onRefused={setError}
              />
            )}
          </AuthMessage>
        )}
        {notice && <AuthMessage kind="notice">{notice}</AuthMessage>}
        <button type="submit" className="btn-primary w-full" disabled={busy}>
          {busy ? (signingUp ? 'Creating account...' : 'Signing in...') : signingUp ? 'Create Account' : 'Sign In'}
        </button>
        <PrivacyNote purpose="run your account, your bookings and your plan" />
      </AuthPostForm>
      <AuthModeLinks
        signingUp={signingUp}
        onCode={() => switchTo('sign-in', true)}
        onToggle={() => switchTo(signingUp ? 'sign-in' : 'sign-up', false)}
      />
    </div>
  );
}
