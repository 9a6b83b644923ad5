/**
 * The home page's service-area check (docs/product.md#service-area-check): a ZIP code or town,
 * answered from the list computed at build time. Inside: "We serve <town>" with the booking and
 * plan links. Outside: says so, and 'Ask us anyway' fills in the contact form, so the request
 * becomes a lead instead of a dead end.
 */
import { useId, useState, type FormEvent } from 'react';
import { prefillContactForm } from '@/features/leads/contact-form';
import { SITE } from '@/site';
import { checkArea, type AreaAnswer, type AreaList } from './area';

interface Props {
  /** The ZIP codes and towns inside the area, computed at build time. */
  area: AreaList;
}

/** The contact form's message for a home outside the area. */
export function askAnywayMessage(place: string): string {
  return `Do you serve ${place}? My home is outside your ${SITE.area.radiusMiles}-mile area, but I would like a visit.`;
}

export default function AreaCheck({ area }: Props) {
  const id = useId();
  const [query, setQuery] = useState('');
  const [answer, setAnswer] = useState<AreaAnswer | null>(null);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setAnswer(checkArea(query, area));
  }

  function askAnyway(place: string) {
    if (!prefillContactForm(document, { service: 'other', message: askAnywayMessage(place) })) {
      window.location.assign('/#contact');
    }
  }

  return (
    <div className="rounded-2xl bg-white p-6 shadow-sm">
      <form onSubmit={onSubmit} className="flex flex-wrap items-end gap-3" noValidate>
        <div className="min-w-0 flex-1">
          <label htmlFor={`${id}-query`} className="field-label">
            Is your home in our area? ZIP code or town
          </label>
          <input
            id={`${id}-query`}
            name="area"
            type="text"
            autoComplete="postal-code"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            className="field-input"
            {...(answer?.kind === 'invalid' ? { 'aria-invalid': true, 'aria-describedby': `${id}-answer` } : {})}
          />
        </div>
        <button type="submit" className="btn-primary">
          Check
        </button>
      </form>
      <div id={`${id}-answer`} aria-live="polite" className="mt-4">
        {answer?.kind === 'invalid' && <p className="font-semibold text-red-700">{answer.message}</p>}
        {answer?.kind === 'in' && (
          <>
            <p className="text-lg font-bold text-brand-700">
              We serve {answer.town}
              {answer.zip ? ` (${answer.zip})` : ''}.
            </p>
            <p className="mt-2 flex flex-wrap gap-3">
              <a href="/services/air-filter-replacement#booking" className="btn-primary">
                Book a service
              </a>
              <a href="/#autopilot" className="btn-outline">
                See Autopilot plans
              </a>
            </p>
          </>
        )}
        {answer?.kind === 'out' && (
          <>
            <p className="text-lg font-bold">
              {answer.place} is outside our {SITE.area.radiusMiles}-mile service area around {SITE.area.city}.
            </p>
            <p className="mt-1 text-ink-muted">Tell us where you are and we will see what we can do.</p>
            <p className="mt-2">
              <a
                href="/#contact"
                className="btn-outline"
                onClick={(event) => {
                  event.preventDefault();
                  askAnyway(answer.place);
                }}
              >
                Ask us anyway
              </a>
            </p>
          </>
        )}
      </div>
    </div>
  );
}
