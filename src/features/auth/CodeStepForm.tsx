/**
 * The second step of signing in with an e-mailed code (docs/product/accounts.md#e-mail-code): where the code
 * went, the Code field, the step's button, 'Send a new code' and 'Use another e-mail'. The state
 * and the calls are EmailCodeForm's.
 */
import type { FormEvent, ReactNode } from 'react';
import AuthField from './AuthField';
import AuthPostForm from './AuthPostForm';
import { CODE_LIFETIME } from './messages';

interface Props {
  fieldId: string;
  sentTo: string;
  /** A new code replaced the first one. */
  again: boolean;
  code: string;
  onCode: (value: string) => void;
  /** The error shown, and its id while there is one. */
  problem: ReactNode;
  errorId: string | undefined;
  busy: null | 'sending' | 'checking';
  verifyLabel: string;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void | Promise<void>;
  onResend: () => void;
  onBack: () => void;
}

const LINK_BUTTON = 'min-h-11 font-semibold text-brand-700 underline underline-offset-4';

export default function CodeStepForm(props: Props) {
  const { busy } = props;
  return (
    <>
      <p role="status" className="mt-4">
        We sent a {props.again ? 'new ' : ''}six-digit code to <strong className="break-all">{props.sentTo}</strong>. It
        works once, for {CODE_LIFETIME}.
      </p>
      <AuthPostForm busy={busy !== null} onSubmit={props.onSubmit}>
        <AuthField
          id={props.fieldId}
          name="code"
          label="Code"
          type="text"
          inputMode="numeric"
          autoComplete="one-time-code"
          value={props.code}
          onChange={props.onCode}
          describedBy={props.errorId}
        />
        {props.problem}
        <button type="submit" className="btn-primary w-full" disabled={busy !== null}>
          {busy === 'checking' ? 'Checking...' : props.verifyLabel}
        </button>
        <div className="flex flex-wrap justify-between gap-2">
          <button type="button" className={LINK_BUTTON} disabled={busy !== null} onClick={props.onResend}>
            {busy === 'sending' ? 'Sending...' : 'Send a new code'}
          </button>
          <button type="button" className={LINK_BUTTON} disabled={busy !== null} onClick={props.onBack}>
            Use another e-mail
          </button>
        </div>
      </AuthPostForm>
    </>
  );
}
