/**
 * One day on the desk (docs/product/desk.md#owners-desk): its date, a 'Route' link through the visits
 * still to do, on Tomorrow and Week's day 'Propose times for <day>', and its visits by window in the
 * API's route order, each a card.
 */
import { lazy, Suspense, useEffect } from 'react';
import type { OwnerVisitsAnswer, OwnerVisit } from '@/features/visits/owner-api';
import { formatDay } from '@/lib/dates';
import { byWindow, dayRoute } from './desk';
import { visitsPath } from './owner-paths';
import ReadState from './ReadState';
import { useOwnerGet } from './use-owner';
import VisitCard from './VisitCard';

// Fetched on the days that offer it (Tomorrow, Week's), so Today draws without it.
const ProposeDay = lazy(() => import('./ProposeDay'));

interface Props {
  date: string;
  /** Moves after every change on the desk: the day is read again. */
  version: number;
  onOpen: (visit: OwnerVisit) => void;
  /** The heading's level: 2 on its own tab, 3 below the week. */
  level?: 2 | 3;
  /** Called when the day's list (or its error) has come. */
  onRead?: () => void;
  /** Offers 'Propose times for <day>', calling this once they are sent (docs/product/desk.md#owners-desk). */
  onProposed?: () => void;
}

export default function DayVisits({ date, version, onOpen, level = 2, onRead, onProposed }: Props) {
  const read = useOwnerGet<OwnerVisitsAnswer>(visitsPath(date, date), version);
  const settled = read.data !== null || read.error !== null;
  useEffect(() => void (settled && onRead?.()), [settled, onRead]);
  const visits = read.data?.visits ?? [];
  const route = dayRoute(visits);
  const Heading = level === 2 ? 'h2' : 'h3';
  const Group = level === 2 ? 'h3' : 'h4';
  const id = `day-${date}`;
  return (
    <section aria-labelledby={id}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <Heading id={id} className="text-2xl font-bold">
          {formatDay(date)}
        </Heading>
        {route && (
          <a className="btn-outline" href={route} target="_blank" rel="noopener noreferrer">
            Route
          </a>
        )}
      </div>
      {onProposed && read.data && (
        <Suspense fallback={null}>
          <ProposeDay key={date} date={date} visits={visits} onChanged={onProposed} />
        </Suspense>
      )}
      <ReadState read={read} empty={visits.length === 0 ? 'No visits on this day.' : null} />
      {byWindow(visits).map((group) => (
        <div key={group.window} className="mt-6">
          <Group id={`${id}-${group.window}`} className="text-lg font-bold">
            {group.label}
          </Group>
          <ul aria-labelledby={`${id}-${group.window}`} className="mt-3 grid gap-3">
            {group.visits.map((visit) => (
              <VisitCard key={visit.id} visit={visit} onOpen={onOpen} />
            ))}
          </ul>
        </div>
      ))}
    </section>
  );
}
