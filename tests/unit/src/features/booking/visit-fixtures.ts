/** A small service area, a fixed today and a valid visit, for the checkout feature's unit tests. */

/** Two ZIP codes of the area: Springfield's 65804 and Nixa's 65714. */
export const AREA = { zips: { '65804': 'Springfield', '65714': 'Nixa' }, towns: ['Nixa', 'Springfield'] };
/** Wednesday, November 25, 2026. */
export const TODAY = '2026-11-25';
/** A Monday morning visit in Nixa. */
export const VISIT = {
  street: '12 Elm St',
  city: 'Nixa',
  zip: '65714',
  phone: '(417) 555-0100',
  date: '2026-11-30',
  window: 'morning',
  notes: '',
};
