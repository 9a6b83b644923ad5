/**
 * Asking for a password reset link (docs/product/accounts.md#password-reset): one answer whether or not the
 * address has an account; above it, when the page was opened with a used or expired link, why.
 */
import { useId, useState, type FormEvent } from 'react';
import AuthField from './AuthField';
import AuthMessage from './AuthMessage';
import AuthPostForm from './AuthPostForm';
import { RESET_LINK_FAILED, validateResetEmail } from './messages';
import { requestPasswordReset } from './recovery';

export default function ResetRequestForm({ linkFailed }: { linkFailed: boolean }) {
  const id = useId();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setNotice(null);
    const problem = validateResetEmail(email);
    setError(problem);
    if (problem) return;
    setBusy(true);
    const outcome = await requestPasswordReset(email.trim());
    setBusy(false);
    if ('notice' in outcome) setNotice(outcome.notice);
    else setError(outcome.problem.message);
  }

  return (
    <>
      <h1 className="text-3xl font-extrabold">Reset your password</h1>
      <p className="mt-1 text-ink-muted">
        Enter the email address of your account and we will send you a link to choose a new password.
      </p>
      {linkFailed && (
        <div className="mt-4">
          <AuthMessage kind="error">{RESET_LINK_FAILED}</AuthMessage>
        </div>
      )}
      <AuthPostForm busy={busy} onSubmit={onSubmit}>
        <AuthField
          id={`${id}-email`}
          name="email"
          label="Email"
          type="email"
          autoComplete="email"
          value={email}
          onChange={setEmail}
          describedBy={error ? `${id}-error` : undefined}
        />
        {error && (
          <AuthMessage kind="error" id={`${id}-error`}>
            {error}
          </AuthMessage>
        )}
        {notice && <AuthMessage kind="notice">{notice}</AuthMessage>}
        <button type="submit" className="btn-primary w-full" disabled={busy}>
          {busy ? 'Sending...' : 'Send Reset Link'}
        </button>
      </AuthPostForm>
    </>
  );
}
