/**
 * The ways out of /auth's password screen (docs/product/accounts.md#sign-in): in sign-in mode "No password?"
 * 'E-mail me a code'; "Don't have an account?" 'Create one', or back with 'Sign in'.
 */
const LINK_BUTTON = 'min-h-6 font-semibold text-brand-700 underline underline-offset-4';

interface Props {
  signingUp: boolean;
  onCode: () => void;
  onToggle: () => void;
}

export default function AuthModeLinks({ signingUp, onCode, onToggle }: Props) {
  return (
    <>
      {!signingUp && (
        <p className="mt-5 text-center">
          No password?{' '}
          <button type="button" onClick={onCode} className={LINK_BUTTON}>
            E-mail me a code
          </button>
        </p>
      )}
      <p className="mt-5 text-center">
        {signingUp ? 'Already have an account?' : "Don't have an account?"}{' '}
        <button type="button" onClick={onToggle} className={LINK_BUTTON}>
          {signingUp ? 'Sign in' : 'Create one'}
        </button>
      </p>
    </>
  );
}
