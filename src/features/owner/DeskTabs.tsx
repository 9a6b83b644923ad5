/**
 * The owner's desk (docs/product/desk.md#owners-desk) as tabs (Headless UI Tab: arrow keys move
 * between them): Today, Tomorrow, To confirm, Plan visits, Week, Closed days, Capacity, Leads,
 * Customers, Due (docs/product/due-again.md#the-owners-list), Export. A visit's 'Details' opens its
 * dialog; after any change every list is read again. A link names a tab or a visit to open (`?tab=`,
 * `/owner/visits/<id>`: src/features/visits/desk-link.ts, linked-visit.ts). Today and Tomorrow come with the desk;
 * every other tab's code and the visit's dialog are fetched when first opened
 * (docs/product/performance.md#performance-decisions, "The owner's desk draws the day first").
 */
import { Tab, TabGroup, TabList, TabPanel, TabPanels } from '@headlessui/react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { DESK_TABS, opensVisit, readDeskLink } from '@/features/visits/desk-link';
import type { OwnerVisit } from '@/features/visits/owner-api';
import { addDays } from '@/lib/dates';
import DayVisits from './DayVisits';
import { useFocusReturn } from './focus-return';
import LaterPanel from './LaterPanel';
import { useLinkedVisit } from './linked-visit';

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

const TAB =
  'min-h-11 rounded-lg border-2 border-brand-700 px-2 py-2 font-semibold text-brand-700 data-hover:bg-brand-50 data-selected:bg-brand-700 data-selected:text-white';

interface Props {
  /** Visits per window, as the owner API answered. */
  capacity: number;
  /** The site's today in Springfield, as the owner API answered (the server's clock, not the phone's). */
  today: string;
  /** Called once the first tab shown has its list (or its error): the desk has been drawn. */
  onDrawn: () => void;
}

export default function DeskTabs({ capacity: initial, today, onDrawn }: Props) {
  const [capacity, setCapacity] = useState(initial);
  // Moves after every change, so each list on screen is read again.
  const [version, setVersion] = useState(0);
  const [open, setOpen] = useState<OwnerVisit | null>(null);
  // The dialog's code is fetched at the first 'Details', then kept (Headless UI closes it).
  const [dialogWanted, setDialogWanted] = useState(false);
  if (open && !dialogWanted) setDialogWanted(true);
  const [link] = useState(() => readDeskLink(window.location.pathname + window.location.search));
  const [tab, setTab] = useState(link.tab);
  // A link to one visit (an owner alert's): its dialog opens once the desk is drawn.
  const linkProblem = useLinkedVisit(link.visit, setOpen);
  const changed = () => setVersion((n) => n + 1);
  // Today and Tomorrow tell when they are drawn; any other tab is drawn as it opens.
  useEffect(() => void (link.tab > 1 && onDrawn()), [link.tab, onDrawn]);
  const rememberOpener = useFocusReturn(open !== null);
  const openVisit = (visit: OwnerVisit) => {
    rememberOpener();
    setOpen(visit);
  };
  const lists = { version, onOpen: openVisit };
  // Closing a linked visit leaves the desk at /owner: a reload or a bookmark opens the desk, not the visit again.
  const closeVisit = () => {
    setOpen(null);
    if (opensVisit(window.location.pathname)) window.history.replaceState(window.history.state, '', '/owner');
  };

  return (
    <>
      {linkProblem && (
        <p role="alert" className="mb-4 rounded-lg border border-red-300 bg-red-50 p-3 text-red-800">
          {linkProblem}
        </p>
      )}
      <TabGroup selectedIndex={tab} onChange={setTab}>
        <TabList aria-label="Desk" className="grid grid-cols-2 gap-2 min-[360px]:grid-cols-3 sm:grid-cols-7">
          {DESK_TABS.map(({ name }) => (
            <Tab key={name} className={TAB}>
              {name}
            </Tab>
          ))}
        </TabList>
        <TabPanels className="mt-6">
          {/* Only the selected panel is drawn (Headless UI unmounts the others), so each tab's code loads when first shown. */}
          <TabPanel>
            <DayVisits date={today} {...lists} onRead={onDrawn} />
          </TabPanel>
          <TabPanel>
            <DayVisits date={addDays(today, 1)} {...lists} onRead={onDrawn} onProposed={changed} />
          </TabPanel>
          <LaterPanel>
            <ToConfirm today={today} {...lists} />
          </LaterPanel>
          <LaterPanel>
            <PlanVisitsDue today={today} {...lists} />
          </LaterPanel>
          <LaterPanel>
            <WeekView today={today} capacity={capacity} {...lists} onChanged={changed} />
          </LaterPanel>
          <LaterPanel>
            <ClosedDays today={today} version={version} onChanged={changed} />
          </LaterPanel>
          <LaterPanel>
            <CapacityForm
              capacity={capacity}
              onSaved={(value) => {
                setCapacity(value);
                changed();
              }}
            />
          </LaterPanel>
          {/* Leads, customers, who is due again and exports (docs/product/desk.md#owner-api): their own files. */}
          <LaterPanel>
            <LeadsPanel />
          </LaterPanel>
          <LaterPanel>
            <CustomersPanel />
          </LaterPanel>
          <LaterPanel>
            <DueCustomers today={today} version={version} />
          </LaterPanel>
          <LaterPanel>
            <ExportPanel />
          </LaterPanel>
        </TabPanels>
      </TabGroup>
      {dialogWanted && (
        <Suspense fallback={null}>
          <VisitDialog visit={open} onClose={closeVisit} onChanged={changed} />
        </Suspense>
      )}
    </>
  );
}
