/**
 * The owner's desk (docs/product.md#owners-desk) as tabs (Headless UI Tab: arrow keys move
 * between them): Today, Tomorrow, To confirm, Plan visits, Week, Closed days, Capacity, Leads,
 * Customers, Export. A visit's 'Details'
 * opens its dialog; after any change every list is read again. A link names a tab or a visit to open
 * (`?tab=`, `?visit=`: src/features/visits/desk-link.ts).
 */
import { Tab, TabGroup, TabList, TabPanel, TabPanels } from '@headlessui/react';
import { useEffect, useState } from 'react';
import { callApi } from '@/features/auth/api';
import { DESK_TABS, readDeskLink } from '@/features/visits/desk-link';
import type { OwnerVisit, OwnerVisitAnswer } from '@/features/visits/owner-api';
import { ApiError } from '@/lib/api';
import { addDays } from '@/lib/dates';
import CapacityForm from './CapacityForm';
import ClosedDays from './ClosedDays';
import CustomersPanel from './CustomersPanel';
import DayVisits from './DayVisits';
import ExportPanel from './ExportPanel';
import LeadsPanel from './LeadsPanel';
import { errorMessage, LOAD_FAILED, visitPath } from './owner-calls';
import PlanVisitsDue from './PlanVisitsDue';
import ToConfirm from './ToConfirm';
import VisitDialog from './VisitDialog';
import WeekView from './WeekView';

const TAB =
  'min-h-11 rounded-lg border-2 border-brand-700 px-2 py-2 font-semibold text-brand-700 data-hover:bg-brand-50 data-selected:bg-brand-700 data-selected:text-white';

/** Shown above the tabs when a link's visit is not there (or its id is not one). */
export const VISIT_NOT_FOUND = 'That visit could not be found.';

interface Props {
  /** Visits per window, as the owner API answered. */
  capacity: number;
  /** The site's today in Springfield, as the owner API answered (the server's clock, not the phone's). */
  today: string;
}

export default function DeskTabs({ capacity: initial, today }: Props) {
  const [capacity, setCapacity] = useState(initial);
  // Moves after every change, so each list on screen is read again.
  const [version, setVersion] = useState(0);
  const [open, setOpen] = useState<OwnerVisit | null>(null);
  const [link] = useState(() => readDeskLink(window.location.search));
  const [tab, setTab] = useState(link.tab);
  const [linkProblem, setLinkProblem] = useState(() =>
    link.visit === null && new URLSearchParams(window.location.search).has('visit') ? VISIT_NOT_FOUND : '',
  );
  const changed = () => setVersion((n) => n + 1);
  const lists = { version, onOpen: setOpen };

  // A link to one visit (an owner alert's): open its dialog once the desk is drawn.
  useEffect(() => {
    if (link.visit === null) return;
    let current = true;
    callApi<OwnerVisitAnswer>(visitPath(link.visit), { fallback: LOAD_FAILED }).then(
      (answer) => current && setOpen(answer.visit),
      (error: unknown) =>
        current &&
        setLinkProblem(
          error instanceof ApiError && error.status === 404 ? VISIT_NOT_FOUND : errorMessage(error, LOAD_FAILED),
        ),
    );
    return () => {
      current = false;
    };
  }, [link.visit]);

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
          <TabPanel>
            <DayVisits date={today} {...lists} />
          </TabPanel>
          <TabPanel>
            <DayVisits date={addDays(today, 1)} {...lists} />
          </TabPanel>
          <TabPanel>
            <ToConfirm today={today} {...lists} />
          </TabPanel>
          <TabPanel>
            <PlanVisitsDue today={today} {...lists} />
          </TabPanel>
          <TabPanel>
            <WeekView today={today} capacity={capacity} {...lists} />
          </TabPanel>
          <TabPanel>
            <ClosedDays today={today} version={version} onChanged={changed} />
          </TabPanel>
          <TabPanel>
            <CapacityForm
              capacity={capacity}
              onSaved={(value) => {
                setCapacity(value);
                changed();
              }}
            />
          </TabPanel>
          {/* Leads, customers and exports (docs/product.md#owner-api): their own files. */}
          <TabPanel>
            <LeadsPanel />
          </TabPanel>
          <TabPanel>
            <CustomersPanel />
          </TabPanel>
          <TabPanel>
            <ExportPanel />
          </TabPanel>
        </TabPanels>
      </TabGroup>
      <VisitDialog visit={open} onClose={() => setOpen(null)} onChanged={changed} />
    </>
  );
}
