/**
 * The contact form's service choices (docs/product/leads.md#contact-form). Shared by the form and, with the leads feature,
 * by the schema that validates submissions. Browser code imports it: no secrets here. Shared core:
 * Node loads it directly from functions/ (through schemas.ts), so relative imports with the
 * extension only.
 */
export const CONTACT_SERVICES = [
  { value: 'air-filter-replacement', label: 'Air Filter Replacement' },
  { value: 'dryer-vent-cleaning', label: 'Dryer Vent Cleaning' },
  { value: 'smoke-detector-batteries', label: 'Smoke Detector Batteries' },
  { value: 'autopilot-plan', label: 'Autopilot Plan' },
  { value: 'other', label: 'Other' },
] as const;

/** A value of the contact form's service field. */
export type ContactService = (typeof CONTACT_SERVICES)[number]['value'];

/** The option placeholder shown while no service is chosen (docs/product/leads.md#contact-form). */
export const SERVICE_PLACEHOLDER = 'Select a service';
