/**
 * Choosing the new password with a reset link's session (docs/product.md#password-reset): typed
 * twice, the sign-up rules and messages; once set, the customer stays signed in and goes to /account.
 */
import { useId, useState, type FormEvent } from 'react';
import AuthField from './AuthField';
import AuthMessage from './AuthMessage';
import AuthPostForm from './AuthPostForm';
import { validateNewPassword } from './messages';
import { setNewPassword } from './recovery';

export default function NewPasswordForm() {
  const id = useId();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const problem = validateNewPassword(password, confirm);
    setError(problem);
    if (problem) return;
    setBusy(true);
    const refused = await setNewPassword(password);
    if (!refused) {
      window.location.assign('/account');
      return;
    }
    setBusy(false);
    setError(refused.message);
  }

  const describedBy = error ? `${id}-error` : undefined;
  return (
    <>
      <h1 className="text-3xl font-extrabold">Choose a new password</h1>
      <p className="mt-1 text-ink-muted">At least 6 characters. You stay signed in once it is set.</p>
      <AuthPostForm busy={busy} onSubmit={onSubmit}>
        <AuthField
          id={`${id}-password`}
          name="password"
          label="New password"
          type="password"
          autoComplete="new-password"
          value={password}
          onChange={setPassword}
          describedBy={describedBy}
        />
        <AuthField
          id={`${id}-confirm`}
          name="confirmPassword"
          label="Confirm new password"
          type="password"
          autoComplete="new-password"
          value={confirm}
          onChange={setConfirm}
          describedBy={describedBy}
        />
        {error && (
          <AuthMessage kind="error" id={`${id}-error`}>
            {error}
          </AuthMessage>
        )}
        <button type="submit" className="btn-primary w-full" disabled={busy}>
          {busy ? 'Saving...' : 'Set New Password'}
        </button>
      </AuthPostForm>
    </>
  );
}
