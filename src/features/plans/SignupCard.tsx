/** The frame every sign-up screen shares: a bordered card whose heading takes focus when the screen changes. */
import type { FormEvent, ReactNode, Ref } from 'react';

/** The style of a text link inside the sign-up. */
export const SIGNUP_LINK = 'font-semibold text-brand-700 underline underline-offset-4';

const CARD = 'rounded-2xl border-2 border-brand-700 bg-white p-6 shadow-sm sm:p-8';

interface Props {
  heading: string;
  headingRef: Ref<HTMLHeadingElement>;
  /** Makes the card a form (validated by the sign-up, not the browser). */
  onSubmit?: (event: FormEvent<HTMLFormElement>) => void;
  children: ReactNode;
}

export default function SignupCard({ heading, headingRef, onSubmit, children }: Props) {
  const title = (
    <h2 ref={headingRef} tabIndex={-1} className="text-2xl font-bold focus:outline-none">
      {heading}
    </h2>
  );
  return onSubmit ? (
    <form noValidate onSubmit={onSubmit} className={CARD}>
      {title}
      {children}
    </form>
  ) : (
    <div className={CARD}>
      {title}
      {children}
    </div>
  );
}
