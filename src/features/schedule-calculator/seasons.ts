/** The seasonal checks around Springfield of the printable Air Filter Schedule Guide, page and PDF. */
export const SEASONS = [
  {
    name: 'Spring (March to May)',
    text: 'Tree and grass pollen peaks. Check the filter every month, and sooner after windy days with the windows open.',
  },
  {
    name: 'Summer (June to August)',
    text: 'Air conditioning runs for hours on hot, humid days, so the filter loads fastest. Check it monthly.',
  },
  {
    name: 'Fall (September to November)',
    text: 'Put in a fresh filter before the first cold night, so the heating season starts clean.',
  },
  {
    name: 'Winter (December to February)',
    text: 'Cold snaps keep the furnace running. Check the filter after each long run of freezing days.',
  },
] as const;
