/** The focus toggle's choices and the cards each shows; Compare Both is the default (docs/product/tools.md#focus-toggle). */

export const FOCUS_OPTIONS = [
  { value: 'diy', label: 'DIY Focus' },
  { value: 'both', label: 'Compare Both' },
  { value: 'professional', label: 'Professional Focus' },
] as const;

export type Focus = (typeof FOCUS_OPTIONS)[number]['value'];
export type Side = 'diy' | 'professional';

export const DEFAULT_FOCUS: Focus = 'both';

/** Whether a side's card shows under a focus. */
export function showsSide(focus: Focus, side: Side): boolean {
  return focus === 'both' || focus === side;
}
