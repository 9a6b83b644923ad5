/**
 * The account screen's Account Information (docs/product/accounts.md#account-page): e-mail, verification,
 * member since, last sign in.
 */
import { accountDate } from '@/lib/dates';
import AccountSection from './AccountSection';
import type { KeptUser } from './kept-summary';

export default function AccountInfo({ user }: { user: KeptUser }) {
  const rows = [
    { term: 'Email', value: user.email, wrap: true },
    { term: 'Status', value: user.email_confirmed_at ? 'Verified' : 'Pending Verification' },
    { term: 'Member since', value: accountDate(user.created_at) },
    { term: 'Last sign in', value: accountDate(user.last_sign_in_at) },
  ];
  return (
    <AccountSection id="account-info" title="Account Information">
      <dl className="mt-4 grid gap-3">
        {rows.map((row) => (
          <div key={row.term}>
            <dt className="text-sm text-ink-muted">{row.term}</dt>
            <dd className={row.wrap ? 'font-semibold break-all' : 'font-semibold'}>{row.value}</dd>
          </div>
        ))}
      </dl>
    </AccountSection>
  );
}
