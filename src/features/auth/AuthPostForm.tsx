/**
 * The form of every auth screen. It posts (to /api/auth-form, which keeps nothing), so a press
 * made before the island runs never puts a password in the address bar (docs/product/accounts.md#sign-in);
 * once the island runs, `onSubmit` handles it instead.
 */
import type { FormEvent, ReactNode } from 'react';
import { AUTH_FORM_ACTION } from './link';

interface Props {
  busy: boolean;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void | Promise<void>;
  children: ReactNode;
}

export default function AuthPostForm({ busy, onSubmit, children }: Props) {
  return (
    <form
      method="post"
      action={AUTH_FORM_ACTION}
      noValidate
      onSubmit={(event) => void onSubmit(event)}
      className="mt-6 grid gap-4"
      aria-busy={busy}
    >
      {children}
    </form>
  );
}
