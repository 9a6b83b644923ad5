/**
 * The desk's Week (docs/product/desk.md#owners-desk): seven days from today, each window's visits against
 * the capacity ('Full' once reached) or the reason a day is closed; 'Previous 7 days' and 'Next 7
 * days' move a week; 'Show <day>' lists that day's visits below, as Today does, with 'Propose times
 * for <day>'.
 */
import { useEffect, useRef, useState } from 'react';
import type { ClosedDaysAnswer, OwnerVisit, OwnerVisitsAnswer } from '@/features/visits/owner-api';
import { addDays, formatDay } from '@/lib/dates';
import DayVisits from './DayVisits';
import { weekFrom, weekSummary } from './desk';
import { visitsPath } from './owner-paths';
import ReadState from './ReadState';
import { useOwnerGet } from './use-owner';

interface Props {
  today: string;
  capacity: number;
  version: number;
  onOpen: (visit: OwnerVisit) => void;
  /** Called once the shown day's proposals are sent. */
  onChanged: () => void;
}

export default function WeekView({ today, capacity, version, onOpen, onChanged }: Props) {
  const [start, setStart] = useState(today);
  const [shown, setShown] = useState<string | null>(null);
  const dayList = useRef<HTMLDivElement>(null);
  const dates = weekFrom(start);
  const visits = useOwnerGet<OwnerVisitsAnswer>(visitsPath(start, addDays(start, 6)), version);
  const closed = useOwnerGet<ClosedDaysAnswer>('/api/owner/closed-days', version);
  const both = {
    data: visits.data && closed.data ? true : null,
    error: visits.error ?? closed.error,
    loading: visits.loading || closed.loading,
    keptAt: visits.keptAt ?? closed.keptAt,
  };
  const days = weekSummary(dates, visits.data?.visits ?? [], closed.data?.closed ?? [], capacity);

  useEffect(() => {
    // The day's list opens below seven days: take the reader there.
    if (shown) dayList.current?.focus();
  }, [shown]);

  function move(by: number) {
    setStart(addDays(start, by));
    setShown(null);
  }

  return (
    <section aria-labelledby="week">
      <h2 id="week" className="text-2xl font-bold">
        {formatDay(dates[0] ?? start, 'short')} to {formatDay(dates[6] ?? start, 'short')}
      </h2>
      <div className="mt-3 grid grid-cols-2 gap-2">
        <button type="button" className="btn-outline whitespace-normal" onClick={() => move(-7)}>
          Previous 7 days
        </button>
        <button type="button" className="btn-outline whitespace-normal" onClick={() => move(7)}>
          Next 7 days
        </button>
      </div>
      <ReadState read={both} empty={null} />
      {both.data && (
        <ul className="mt-4 grid gap-3 sm:grid-cols-2" aria-labelledby="week">
          {days.map((day) => (
            <li key={day.date} className="rounded-2xl border border-slate-200 p-4">
              <p className="font-bold">{formatDay(day.date, 'short')}</p>
              {day.closed !== null ? (
                <p className="mt-1">Closed: {day.closed}</p>
              ) : (
                <ul className="mt-1">
                  {day.windows.map((w) => (
                    <li key={w.window} className="flex flex-wrap items-center gap-2">
                      {w.label}: {w.booked} of {capacity}
                      {w.full && <span className="rounded-full bg-accent-100 px-2 text-sm font-bold">Full</span>}
                    </li>
                  ))}
                </ul>
              )}
              <button
                type="button"
                className="mt-3 btn-outline w-full"
                aria-pressed={shown === day.date}
                onClick={() => setShown(day.date)}
              >
                Show {formatDay(day.date, 'short')}
              </button>
            </li>
          ))}
        </ul>
      )}
      {shown && (
        <div ref={dayList} tabIndex={-1} className="mt-8">
          <DayVisits date={shown} version={version} onOpen={onOpen} level={3} onProposed={onChanged} />
        </div>
      )}
    </section>
  );
}
