/**
 * The account screen's Quick Actions (docs/product/accounts.md#account-page): services, contact and, for a
 * subscriber, the plans.
 */
import AccountSection, { ACCOUNT_LINK } from './AccountSection';

export default function AccountQuickActions({ subscribed }: { subscribed: boolean }) {
  const links = [
    { href: '/#services', label: 'Book a service' },
    { href: '/#contact', label: 'Contact us' },
    ...(subscribed ? [{ href: '/#autopilot', label: 'Your Autopilot plan' }] : []),
  ];
  return (
    <AccountSection id="account-actions" title="Quick Actions">
      <ul className="mt-3 grid gap-1">
        {links.map((link) => (
          <li key={link.href}>
            <a className={ACCOUNT_LINK} href={link.href}>
              {link.label}
            </a>
          </li>
        ))}
      </ul>
    </AccountSection>
  );
}
