/**
 * The owner's desk (docs/product/desk.md#owners-desk) in its own shell ("The desk's own shell"): the
 * compact header naming the current view, the view, and the bar at the bottom (DeskBar: Today,
 * Tomorrow, To confirm, More with Plan visits, Week, Closed days, Capacity, Leads, Customers, Due
 * (docs/product/due-again.md#the-owners-list), Export). A visit's 'Details' opens its dialog; after
 * any change every list is read again. A link names a view or a visit to open (`?tab=`,
 * `/owner/visits/<id>`: src/features/visits/desk-link.ts, linked-visit.ts). Today and Tomorrow come
 * with the desk; every other view's code and the visit's dialog are fetched when first shown
 * (docs/product/performance.md#performance-decisions, "The owner's desk draws the day first").
 */
import { useStore } from '@nanostores/react';
import { lazy, Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { DESK_TABS, DESK_VIEW_ID, opensVisit, readDeskLink } from '@/features/visits/desk-link';
import type { OwnerVisit } from '@/features/visits/owner-api';
import { addDays } from '@/lib/dates';
import DayVisits from './DayVisits';
import DeskBar from './DeskBar';
import DeskHeader, { HEADING_ID } from './DeskHeader';
import { useFocusReturn } from './focus-return';
import { useLinkedVisit } from './linked-visit';
import { $queueRound, $waiting, startSending } from './offline/queue';
import { Loading } from './ReadState';

const ToConfirm = lazy(() => import('./ToConfirm'));
const PlanVisitsDue = lazy(() => import('./PlanVisitsDue'));
const WeekView = lazy(() => import('./WeekView'));
const ClosedDays = lazy(() => import('./ClosedDays'));
const CapacityForm = lazy(() => import('./CapacityForm'));
const LeadsPanel = lazy(() => import('./LeadsPanel'));
const CustomersPanel = lazy(() => import('./CustomersPanel'));
const DueCustomers = lazy(() => import('./DueCustomers'));
const ExportPanel = lazy(() => import('./ExportPanel'));
const VisitDialog = lazy(() => import('./VisitDialog'));

interface Props {
  /** The business's short name, for the header. */
  business: string;
  /** Visits per window, as the owner API answered. */
  capacity: number;
  /** The site's today in Springfield, as the owner API answered (the server's clock, not the phone's). */
  today: string;
  /** Called once the first view shown has its list (or its error): the desk has been drawn. */
  onDrawn: () => void;
}

export default function DeskTabs({ business, capacity: initial, today, onDrawn }: Props) {
  const [capacity, setCapacity] = useState(initial);
  // Moves after every change, so each list on screen is read again.
  const [version, setVersion] = useState(0);
  const [open, setOpen] = useState<OwnerVisit | null>(null);
  // The dialog's code is fetched at the first 'Details', then kept (Headless UI closes it).
  const [dialogWanted, setDialogWanted] = useState(false);
  if (open && !dialogWanted) setDialogWanted(true);
  const [link] = useState(() => readDeskLink(window.location.pathname + window.location.search));
  const [tab, setTab] = useState(link.tab);
  const heading = useRef<HTMLHeadingElement>(null);
  // A link to one visit (an owner alert's): its dialog opens once the desk is drawn.
  const linkProblem = useLinkedVisit(link.visit, setOpen);
  const changed = () => setVersion((n) => n + 1);
  // Changes made without a connection: sent now and whenever it returns; the lists read again after.
  const waiting = useStore($waiting).length;
  const round = useStore($queueRound);
  useEffect(() => startSending(), []);
  // Today and Tomorrow tell when they are drawn; any other view is drawn as it opens.
  useEffect(() => void (link.tab > 1 && onDrawn()), [link.tab, onDrawn]);
  const rememberOpener = useFocusReturn(open !== null);
  const openVisit = (visit: OwnerVisit) => {
    rememberOpener();
    setOpen(visit);
  };
  // Every list is read again after a change, and after the waiting changes were sent.
  const seen = version + round;
  const lists = { version: seen, onOpen: openVisit };
  // Closing a linked visit leaves the desk at /owner: a reload or a bookmark opens the desk, not the visit again.
  const closeVisit = () => {
    setOpen(null);
    if (opensVisit(window.location.pathname)) window.history.replaceState(window.history.state, '', '/owner');
  };
  // A view chosen from More's list: its button has gone with the list, so focus goes to the heading naming the view.
  const choose = (index: number, fromList: boolean) => {
    flushSync(() => setTab(index));
    if (fromList) heading.current?.focus();
  };

  // Only the current view is drawn, so each view's code loads when first shown.
  const views: ReactNode[] = [
    <DayVisits key="today" date={today} {...lists} onRead={onDrawn} />,
    <DayVisits key="tomorrow" date={addDays(today, 1)} {...lists} onRead={onDrawn} onProposed={changed} />,
    <ToConfirm key="to-confirm" today={today} {...lists} />,
    <PlanVisitsDue key="plan-visits" today={today} {...lists} />,
    <WeekView key="week" today={today} capacity={capacity} {...lists} onChanged={changed} />,
    <ClosedDays key="closed-days" today={today} version={seen} onChanged={changed} />,
    <CapacityForm
      key="capacity"
      capacity={capacity}
      onSaved={(value) => {
        setCapacity(value);
        changed();
      }}
    />,
    // Leads, customers, who is due again and exports (docs/product/desk.md#owner-api): their own files.
    <LeadsPanel key="leads" />,
    <CustomersPanel key="customers" />,
    <DueCustomers key="due" today={today} version={seen} />,
    <ExportPanel key="export" />,
  ];

  return (
    <>
      <DeskHeader business={business} heading={DESK_TABS[tab]?.name ?? ''} onDesk ref={heading} />
      {/* Room below the view for the bar, so it never covers the last card. */}
      <div className="container-page max-w-4xl pt-6 pb-36">
        <div role="status">
          {waiting > 0 && (
            <p className="mb-4 rounded-lg border border-amber-300 bg-amber-50 p-3 font-semibold text-amber-900">
              Waiting to send: {waiting}
            </p>
          )}
        </div>
        {linkProblem && (
          <p role="alert" className="mb-4 rounded-lg border border-red-300 bg-red-50 p-3 text-red-800">
            {linkProblem}
          </p>
        )}
        {/* Keyed by the view, so Today and Tomorrow (both a day's list) never share a state. */}
        <section key={tab} id={DESK_VIEW_ID} aria-labelledby={HEADING_ID}>
          <Suspense fallback={<Loading />}>{views[tab]}</Suspense>
        </section>
      </div>
      <DeskBar current={tab} onChoose={choose} />
      {dialogWanted && (
        <Suspense fallback={null}>
          <VisitDialog visit={open} onClose={closeVisit} onChanged={changed} />
        </Suspense>
      )}
    </>
  );
}
