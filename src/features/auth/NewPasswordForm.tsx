/**
 * Choosing a password for the signed-in user, typed twice, with the sign-up rules and messages.
 * By default the reset screen's (docs/product/accounts.md#password-reset): once set, the customer stays
 * signed in and goes to /account. With `saved`, the account page's 'Set a password'
 * (docs/product/accounts.md#account-page): once set, the fields clear and `saved` is shown in place.
 */
import { useId, useState, type FormEvent } from 'react';
import AuthField from './AuthField';
import AuthMessage from './AuthMessage';
import AuthPostForm from './AuthPostForm';
import { validateNewPassword } from './messages';
import { setNewPassword } from './recovery';

interface Props {
  /** The form's heading and its level: the reset screen's page heading, or a card's sub-heading. */
  heading?: { level: 'h1' | 'h3'; text: string };
  intro?: string;
  submitLabel?: string;
  /** The notice shown once the password is set, in place of going to /account. */
  saved?: string;
}

export default function NewPasswordForm({
  heading = { level: 'h1', text: 'Choose a new password' },
  intro = 'At least 6 characters. You stay signed in once it is set.',
  submitLabel = 'Set New Password',
  saved,
}: Props) {
  const id = useId();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setNotice(null);
    const problem = validateNewPassword(password, confirm);
    setError(problem);
    if (problem) return;
    setBusy(true);
    const refused = await setNewPassword(password);
    if (!refused && !saved) {
      window.location.assign('/account');
      return;
    }
    setBusy(false);
    setError(refused?.message ?? null);
    if (!refused) {
      setPassword('');
      setConfirm('');
      setNotice(saved ?? null);
    }
  }

  const Heading = heading.level;
  const describedBy = error ? `${id}-error` : undefined;
  return (
    <>
      <Heading className={heading.level === 'h1' ? 'text-3xl font-extrabold' : 'mt-6 text-lg font-bold'}>
        {heading.text}
      </Heading>
      <p className="mt-1 text-ink-muted">{intro}</p>
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
        {notice && <AuthMessage kind="notice">{notice}</AuthMessage>}
        <button type="submit" className="btn-primary w-full" disabled={busy}>
          {busy ? 'Saving...' : submitLabel}
        </button>
      </AuthPostForm>
    </>
  );
}
