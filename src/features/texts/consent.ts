/**
 * The consent box's wording (docs/product/texts.md#consent), shown under the phone of the booking
 * card's visit details and the plan visit details, and stored word for word with the consent it
 * records: one place for the island and the server. Shared core: Node loads it directly from
 * functions/, so relative imports with the extension only.
 */

/** The booking card's box: consent for the booking's visit. */
export const VISIT_CONSENT_WORDING =
  'Text me about this visit (booking, reminders, on my way). Msg & data rates may apply. Reply STOP to stop.';

/** The plan visit details' box: consent for every visit of the plan, until new details say otherwise. */
export const PLAN_CONSENT_WORDING =
  "Text me about my plan's visits (booking, reminders, on my way). Msg & data rates may apply. Reply STOP to stop.";
