/**
 * The /auth screen (docs/product.md#sign-in): sign in or create an account, with the mode toggle that
 * clears the error and the fields, a busy state, and every message verbatim. A signed-in visitor
 * is sent home; a successful sign-in goes to /account.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useId, useState, type FormEvent } from 'react';
import PrivacyNote from '@/components/PrivacyNote';
import { $auth, signIn, signUp, startAuth } from './store';
import { SIGN_UP_NOTICE, validateAuthForm, type AuthFields, type AuthMode } from './messages';

const EMPTY: AuthFields = { email: '', password: '', fullName: '', confirmPassword: '' };

export default function AuthForm() {
  const auth = useStore($auth);
  const id = useId();
  const [mode, setMode] = useState<AuthMode>('sign-in');
  const [fields, setFields] = useState<AuthFields>(EMPTY);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const signingUp = mode === 'sign-up';

  useEffect(() => {
    void startAuth();
  }, []);
  useEffect(() => {
    if (auth.status === 'signed-in' && !busy) window.location.replace('/');
  }, [auth.status, busy]);

  function toggleMode() {
    setMode(signingUp ? 'sign-in' : 'sign-up');
    setFields(EMPTY);
    setError(null);
    setNotice(null);
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setNotice(null);
    const problem = validateAuthForm(mode, fields);
    if (problem) {
      setError(problem);
      return;
    }
    setError(null);
    setBusy(true);
    if (signingUp) {
      const message = await signUp(fields.email.trim(), fields.password, fields.fullName.trim());
      setBusy(false);
      if (message) setError(message);
      else {
        setNotice(SIGN_UP_NOTICE);
        setFields(EMPTY);
      }
      return;
    }
    const message = await signIn(fields.email.trim(), fields.password);
    if (message) {
      setBusy(false);
      setError(message);
      return;
    }
    window.location.assign('/account');
  }

  const field = (name: keyof AuthFields, label: string, type: string, autoComplete: string) => (
    <div>
      <label htmlFor={`${id}-${name}`} className="field-label">
        {label}
      </label>
      <input
        id={`${id}-${name}`}
        name={name}
        type={type}
        autoComplete={autoComplete}
        required
        value={fields[name]}
        onChange={(e) => setFields((f) => ({ ...f, [name]: e.target.value }))}
        className="field-input"
        aria-describedby={error ? `${id}-error` : undefined}
      />
    </div>
  );

  return (
    <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
      <h1 className="text-3xl font-extrabold">{signingUp ? 'Create your account' : 'Sign in'}</h1>
      <p className="mt-1 text-ink-muted">
        {signingUp ? 'Manage your Autopilot plan and bookings in one place.' : 'Welcome back.'}
      </p>
      <form noValidate onSubmit={onSubmit} className="mt-6 grid gap-4" aria-busy={busy}>
        {signingUp && field('fullName', 'Full name', 'text', 'name')}
        {field('email', 'Email', 'email', 'email')}
        {field('password', 'Password', 'password', signingUp ? 'new-password' : 'current-password')}
        {signingUp && field('confirmPassword', 'Confirm password', 'password', 'new-password')}
        {error && (
          <p id={`${id}-error`} role="alert" className="rounded-xl bg-red-50 p-3 font-semibold text-red-800">
            {error}
          </p>
        )}
        {notice && (
          <p role="status" className="rounded-xl bg-brand-50 p-3 font-semibold text-brand-800">
            {notice}
          </p>
        )}
        <button type="submit" className="btn-primary w-full" disabled={busy}>
          {busy ? (signingUp ? 'Creating account...' : 'Signing in...') : signingUp ? 'Create Account' : 'Sign In'}
        </button>
        <PrivacyNote purpose="run your account, your bookings and your plan" />
      </form>
      <p className="mt-5 text-center">
        {signingUp ? 'Already have an account?' : "Don't have an account?"}{' '}
        <button
          type="button"
          onClick={toggleMode}
          className="min-h-6 font-semibold text-brand-700 underline underline-offset-4"
        >
          {signingUp ? 'Sign in' : 'Create one'}
        </button>
      </p>
    </div>
  );
}
