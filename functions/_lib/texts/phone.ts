/**
 * Phone numbers for texts (docs/product/texts.md#consent): read with libphonenumber-js as US
 * numbers and kept in E.164 ('+14175550142'), the form every texts table stores.
 */
import { parsePhoneNumberFromString } from 'libphonenumber-js';

/** The number in E.164 ('+14175550142'), or null when libphonenumber-js finds it invalid. */
export function toE164(input: string): string | null {
  const parsed = parsePhoneNumberFromString(input.trim(), 'US');
  return parsed?.isValid() ? parsed.number : null;
}
