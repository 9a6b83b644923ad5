/**
 * Signing in with a code e-mailed to the address (docs/product/accounts.md#e-mail-code), in two steps: the
 * address and 'E-mail me a code', then the six-digit code, with 'Send a new code' and 'Use another
 * e-mail'. A new address gets its account on the way. Used by the booking card (its button 'Verify
 * and pay') and by /auth's code mode ('Verify code'); `onSignedIn` runs once the code is verified.
 * Focus moves to the field each step asks for.
 */
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import AuthField from './AuthField';
import AuthMessage from './AuthMessage';
import AuthPostForm from './AuthPostForm';
import CodeStepForm from './CodeStepForm';
import { sendEmailCode, verifyEmailCode } from './email-code';
import { CODE_NOT_SIX_DIGITS, normaliseCode, validateResetEmail } from './messages';

interface Props {
  /** The second step's button, e.g. 'Verify and pay'. */
  verifyLabel: string;
  /** Runs once the code is verified and this browser is signed in. */
  onSignedIn: () => void | Promise<void>;
  /** Move focus to the Email field when the form first shows. */
  focusOnOpen?: boolean;
}

type Busy = null | 'sending' | 'checking';

export default function EmailCodeForm({ verifyLabel, onSignedIn, focusOnOpen = false }: Props) {
  const id = useId();
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  // The address and the browser's time the last code was asked for, once one went out.
  const [sent, setSent] = useState<{ to: string; at: number; again: boolean } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<Busy>(null);
  const emailStep = useRef<HTMLDivElement>(null);
  const codeStep = useRef<HTMLDivElement>(null);
  const opened = useRef(false);

  // The field of the step now shown takes focus (not on the first draw, unless asked).
  useEffect(() => {
    if (!opened.current) {
      opened.current = true;
      if (!focusOnOpen) return;
    }
    (sent ? codeStep : emailStep).current?.querySelector('input')?.focus();
  }, [sent, focusOnOpen]);

  async function askForCode(to: string) {
    setBusy('sending');
    const refused = await sendEmailCode(to);
    setBusy(null);
    setError(refused);
    if (!refused) {
      setCode('');
      setSent({ to, at: Date.now(), again: sent !== null });
    }
  }

  async function onSubmitEmail(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const problem = validateResetEmail(email);
    setError(problem);
    if (!problem) await askForCode(email.trim());
  }

  async function onSubmitCode(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy || !sent) return;
    const typed = normaliseCode(code);
    if (!typed) {
      setError(CODE_NOT_SIX_DIGITS);
      return;
    }
    setError(null);
    setBusy('checking');
    const refused = await verifyEmailCode(sent.to, typed, sent.at);
    if (refused) {
      setBusy(null);
      setError(refused);
      return;
    }
    try {
      await onSignedIn();
    } finally {
      setBusy(null);
    }
  }

  const errorId = `${id}-error`;
  const problem = error && (
    <AuthMessage kind="error" id={errorId}>
      {error}
    </AuthMessage>
  );

  if (!sent) {
    return (
      <div ref={emailStep}>
        <AuthPostForm busy={busy !== null} onSubmit={onSubmitEmail}>
          <AuthField
            id={`${id}-email`}
            name="email"
            label="Email"
            type="email"
            autoComplete="email"
            value={email}
            onChange={setEmail}
            describedBy={error ? errorId : undefined}
          />
          {problem}
          <button type="submit" className="btn-primary w-full" disabled={busy !== null}>
            {busy === 'sending' ? 'Sending...' : 'E-mail me a code'}
          </button>
        </AuthPostForm>
      </div>
    );
  }

  return (
    <div ref={codeStep}>
      <CodeStepForm
        fieldId={`${id}-code`}
        sentTo={sent.to}
        again={sent.again}
        code={code}
        onCode={setCode}
        problem={problem}
        errorId={error ? errorId : undefined}
        busy={busy}
        verifyLabel={verifyLabel}
        onSubmit={onSubmitCode}
        onResend={() => void askForCode(sent.to)}
        onBack={() => {
          setError(null);
          setSent(null);
        }}
      />
    </div>
  );
}
