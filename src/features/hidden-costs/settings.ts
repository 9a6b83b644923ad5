/**
 * The typed twins of the calculator's sliders (WCAG 2.5.7): what a number field may hold and
 * what to say when it holds something else.
 */

/** A slider's limits, as MONTHS and HOME_SIZE in hidden-cost-model.ts give them. */
export interface SettingRange {
  readonly min: number;
  readonly max: number;
  readonly step: number;
}

/** The value typed into a setting, or null unless it is a whole number on the slider's steps. */
export function parseSetting(raw: string, range: SettingRange): number | null {
  const text = raw.trim();
  if (!/^\d+$/.test(text)) return null;
  const value = Number(text);
  if (value < range.min || value > range.max) return null;
  return (value - range.min) % range.step === 0 ? value : null;
}

/** The message shown when a typed value is not one the slider allows. */
export function settingError(range: SettingRange): string {
  const from = range.min.toLocaleString('en-US');
  const to = range.max.toLocaleString('en-US');
  return range.step === 1
    ? `Enter a whole number from ${from} to ${to}.`
    : `Enter a number from ${from} to ${to}, in steps of ${range.step.toLocaleString('en-US')}.`;
}
