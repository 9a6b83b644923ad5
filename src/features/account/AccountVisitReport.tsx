/**
 * The account's last visit report (docs/product/accounts.md#account-page): the plan's latest visit done, as
 * the visit report e-mail tells it: each checklist item done or not, the filter sizes found, the
 * detectors tested, the note, and what comes next.
 */
import { formatDay } from '@/lib/dates';
import { reportLines, type VisitReport } from '@/features/visits/visit-report';
import AccountSection from './AccountSection';

interface Props {
  report: VisitReport;
}

export default function AccountVisitReport({ report }: Props) {
  return (
    <AccountSection id="account-visit-report" title="Last visit report" wide>
      <p className="mt-4 font-semibold">
        {report.service}: visit of {formatDay(report.day)}
      </p>
      <ul className="mt-2 grid gap-1" aria-label="What the visit did">
        {reportLines(report).map((line) => (
          <li key={line} className="break-words">
            {line}
          </li>
        ))}
      </ul>
      {report.note && <p className="mt-2 break-words whitespace-pre-line">Technician&apos;s note: {report.note}</p>}
      <p className="mt-2 font-semibold">{report.next}</p>
    </AccountSection>
  );
}
