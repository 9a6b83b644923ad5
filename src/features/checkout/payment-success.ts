/** How long /payment-success shows 'Processing Payment' before the confirmation (docs/product.md#payment-success). */
export const PROCESSING_DELAY_MS = 2000;
