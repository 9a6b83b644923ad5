/**
 * A desk tab whose code is fetched when it is first shown (docs/product/performance.md#performance-decisions,
 * "The owner's desk draws the day first"): 'Loading...' until it is here.
 */
import { TabPanel } from '@headlessui/react';
import { Suspense, type ReactNode } from 'react';
import { Loading } from './ReadState';

/** A tab whose code is fetched when it is first shown: 'Loading...' until it is here. */
export default function LaterPanel({ children }: { children: ReactNode }) {
  return (
    <TabPanel>
      <Suspense fallback={<Loading />}>{children}</Suspense>
    </TabPanel>
  );
}
