import { SITE } from '@/site';
import { LINK_PHONE_LINE } from '@/features/visits/changes';

/** The way that always works, under a link that cannot be used (docs/product/visits.md#proposed-times). */
export default function VisitPhoneLine() {
  return (
    <p>
      <a className="inline-flex min-h-11 items-center font-semibold underline" href={SITE.phone.href}>
        {LINK_PHONE_LINE}
      </a>
    </p>
  );
}
