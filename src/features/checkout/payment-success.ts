/** How long /payment-success shows 'Processing Payment' before the confirmation (SPEC §9). */
export const PROCESSING_DELAY_MS = 2000;
