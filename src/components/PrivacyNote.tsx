/**
 * The line under every form that asks for personal details (docs/product/site.md#legal-pages): what the
 * details are for, and a link to the Privacy Policy. Static HTML in .astro forms, plain JSX in islands.
 */
interface Props {
  /** What the details are used for, completing "We use these details only to ...". */
  purpose: string;
  className?: string;
}

/** "We use these details only to <purpose>. Privacy Policy: what we keep and for how long." */
export default function PrivacyNote({ purpose, className = 'text-sm text-ink-muted' }: Props) {
  return (
    <p className={className}>
      We use these details only to {purpose}. Our{' '}
      <a href="/privacy" className="font-semibold text-brand-700 underline underline-offset-4">
        Privacy Policy
      </a>{' '}
      says what we keep, for how long, and how to have it deleted.
    </p>
  );
}
