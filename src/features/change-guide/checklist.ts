/** The quick checklist of the air filter change guide, shared by the article and its printable guide. */

/** The nine things to tick off during a filter change, in the order they happen. */
export const CHECKLIST_ITEMS = [
  'Thermostat set to Off',
  'Filter found and its grille or cover opened',
  "Old filter's size and airflow arrow noted",
  'Old filter removed and bagged',
  'Slot or grille vacuumed and dry',
  'New filter matches the printed size',
  'Airflow arrow points toward the furnace or air handler',
  'Grille or cover closed and the system back on',
  'Date written on the filter and the next change on the calendar',
] as const;

/**
 * Set on <html> while the checklist's Print Checklist button prints, so the print stylesheet keeps
 * only the checklist; an ordinary print of the page still prints the whole article.
 */
export const PRINT_CLASS = 'print-checklist';

/** The progress line under the checklist, e.g. "3 of 9 done". */
export function progressLabel(checked: number, total: number): string {
  return checked === total ? `All ${total} done` : `${checked} of ${total} done`;
}
