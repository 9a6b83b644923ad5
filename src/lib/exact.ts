/**
 * Exact arithmetic for the tools' formulas (docs/product/tools.md#tools). A factor such as ×0.7 is a
 * binary fraction that is slightly off (0.7 is stored as 0.6999…), so `Math.floor(70 * 0.7)` can
 * land one below the true 49; these helpers take whole numbers and fractions as numerator over
 * denominator and round the exact quotient, never a float approximation of it.
 */

/** Asserts whole numbers within the exactly representable range, naming what is wrong. */
function whole(value: number, name: string): void {
  if (!Number.isSafeInteger(value)) throw new RangeError(`${name} must be a safe whole number: ${value}`);
}

/** ⌊numerator / denominator⌋ exactly, for whole numbers and a positive denominator. */
export function floorDiv(numerator: number, denominator: number): number {
  whole(numerator, 'numerator');
  whole(denominator, 'denominator');
  if (denominator <= 0) throw new RangeError(`denominator must be positive: ${denominator}`);
  const remainder = ((numerator % denominator) + denominator) % denominator;
  // Both sides are whole and the difference is a multiple of the denominator: the division is exact.
  return (numerator - remainder) / denominator;
}

/** numerator / denominator rounded to the nearest whole number, halves up (as Math.round), exactly. */
export function roundDiv(numerator: number, denominator: number): number {
  return floorDiv(2 * numerator + denominator, 2 * denominator);
}

/** The same rounding for numbers too large to be exact as doubles (powers): halves up. */
export function roundDivBig(numerator: bigint, denominator: bigint): number {
  if (denominator <= 0n) throw new RangeError(`denominator must be positive: ${denominator}`);
  const twice = 2n * numerator + denominator;
  const quotient = twice / (2n * denominator);
  // BigInt division truncates toward zero; step down for a negative remainder.
  const floored = twice % (2n * denominator) < 0n ? quotient - 1n : quotient;
  return Number(floored);
}
