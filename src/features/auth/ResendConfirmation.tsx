/**
 * 'Send the confirmation e-mail again' (docs/product/accounts.md#sign-in), offered beside "Email not
 * confirmed": asks the sign-in service to mail the link to `email` once more (busy: 'Sending...'),
 * then hands on the notice, or the problem, to show.
 */
import { useState } from 'react';
import { resendConfirmation } from './recovery';

interface Props {
  email: string;
  onSent: (notice: string) => void;
  onRefused: (message: string) => void;
}

export default function ResendConfirmation({ email, onSent, onRefused }: Props) {
  const [resending, setResending] = useState(false);

  async function resend() {
    setResending(true);
    const outcome = await resendConfirmation(email);
    setResending(false);
    if ('notice' in outcome) onSent(outcome.notice);
    else onRefused(outcome.problem.message);
  }

  return (
    <button
      type="button"
      onClick={() => void resend()}
      disabled={resending}
      className="mt-2 min-h-11 text-left text-brand-800 underline underline-offset-4"
    >
      {resending ? 'Sending...' : 'Send the confirmation e-mail again'}
    </button>
  );
}
