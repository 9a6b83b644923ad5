/**
 * What every request schema shares: the field-length limits, the field kinds built on them, and
 * the 400 message of a failed parse. Written with zod's tree-shakable "mini" API, like every
 * schema on the site: the plan page's island ships one, and the classic API would add some 60 KB
 * to that page. Shared core: Node loads it directly from functions/, so relative imports with the
 * extension only. The field kinds are marked free of side effects so a bundle that never uses a
 * schema built from them (the plan page's island and the lead schema) can drop it.
 */
import * as z from 'zod/mini';
import { dayProblem } from './dates.ts';

/** The longest value each kind of field accepts, in characters. */
export const FIELD_LIMITS = {
  /** A one-line field: name, e-mail, phone, address line, guide name. */
  text: 200,
  /** A contact message. */
  message: 5000,
  /** A plan request's special instructions. */
  instructions: 2000,
  /** The address of the page a form was sent from. */
  url: 2000,
} as const;

/** What a one-line field answers to a line break or another control character inside it. */
export const ONE_LINE_MESSAGE = 'Please keep this on one line';

/**
 * No control character (CR, LF, tab, NUL ...) and no Unicode line or paragraph separator: a
 * one-line field goes into e-mail headers and bodies, webhooks and CSV as a single line.
 */
const ONE_LINE = /^[^\p{Cc}\u2028\u2029]*$/u;

/** What a one-line field answers to an invisible formatting character inside it. */
export const INVISIBLE_MESSAGE =
  'Please remove the hidden characters (such as zero-width spaces) pasted into this field';

/**
 * No invisible formatting character (Unicode "Cf": zero-width spaces and joiners, the byte-order
 * mark, direction overrides, soft hyphens): pasted along with text, they make a name or an address
 * look the same as another while it is not, or read backwards in the owner's e-mails.
 */
const VISIBLE = /^\P{Cf}*$/u;

/** Any Unicode space (a no-break space, a narrow or ideographic one ...): one plain space each. */
const ODD_SPACES = /(?! )\p{Zs}/gu;

/**
 * The checks of a one-line field, in order: other spaces become plain ones, then invisible
 * characters and line breaks are refused (docs/product/messages.md#validation). Trimming comes between,
 * so a line break at either end is trimmed like a space.
 */
/* @__NO_SIDE_EFFECTS__ */
function oneLineChecks() {
  return {
    before: [
      z.overwrite((value: string) => value.replace(ODD_SPACES, ' ')),
      z.regex(VISIBLE, INVISIBLE_MESSAGE),
      z.trim(),
    ],
    after: [z.regex(ONE_LINE, ONE_LINE_MESSAGE)],
  } as const;
}

/**
 * A one-line text field that must not be blank; `message` is shown when it is missing or blank. A
 * line break or an invisible character inside it is refused, another kind of space becomes a
 * plain one (docs/product/messages.md#validation); around it, trimmed like spaces.
 */
/* @__NO_SIDE_EFFECTS__ */
export function requiredText(message: string) {
  const { before, after } = oneLineChecks();
  return z
    .string(message)
    .check(
      ...before,
      z.minLength(1, message),
      z.maxLength(FIELD_LIMITS.text, `Please keep this under ${FIELD_LIMITS.text} characters`),
      ...after,
    );
}

/** A calendar day field (docs/product/messages.md#validation): `YYYY-MM-DD`, a day that exists, years 1900-9999; the refusal names `name`. */
/* @__NO_SIDE_EFFECTS__ */
export function calendarDay(name: string, typeMessage = `${name} must be YYYY-MM-DD`) {
  return z.string(typeMessage).check(
    z.superRefine((value, context) => {
      const problem = dayProblem(name, value);
      if (problem) context.issues.push({ code: 'custom', message: problem, input: value });
    }),
  );
}

/**
 * A one-line text of at most `limit` characters that may be blank (the owner's closed-day reason,
 * a checklist item): `typeMessage` when it is not text, `tooLong` past the limit.
 */
/* @__NO_SIDE_EFFECTS__ */
export function oneLineText(limit: number, typeMessage: string, tooLong: string) {
  const { before, after } = oneLineChecks();
  return z.string(typeMessage).check(...before, z.maxLength(limit, tooLong), ...after);
}

/**
 * `value` as a one-line field would take it (requiredText), or null when it is no text, blank or
 * would be refused: for text that reached us without our form's checks, such as the full name
 * kept in a sign-in account's metadata (docs/product/messages.md#validation).
 */
export function oneLineOrNull(value: unknown): string | null {
  const result = requiredText('').safeParse(value);
  return result.success ? result.data : null;
}

/** What a phone number that is not ten digits is told. */
export const PHONE_MESSAGE = 'Please enter a 10-digit phone number, e.g. (417) 555-0142';

/** Ten digits, with or without a leading 1 and any punctuation: a US phone number. */
export function isPhone(value: string): boolean {
  const digits = value.replace(/\D/g, '');
  return digits.length === 10 || (digits.length === 11 && digits.startsWith('1'));
}

/**
 * A required US phone number, the one rule of bookings and plan details
 * (docs/product/messages.md#validation): `message` when missing or blank, then ten digits.
 */
/* @__NO_SIDE_EFFECTS__ */
export function requiredPhone(message: string) {
  return z.pipe(requiredText(message), z.string().check(z.refine(isPhone, PHONE_MESSAGE)));
}

/** A required e-mail address: `message` when missing or blank, then a format check. */
/* @__NO_SIDE_EFFECTS__ */
export function requiredEmail(message: string) {
  return z.pipe(requiredText(message), z.email('Please enter a valid email address'));
}

/** The http(s) address of the page a form was sent from. */
/* @__NO_SIDE_EFFECTS__ */
export function pageAddress() {
  const { before, after } = oneLineChecks();
  return z.pipe(
    z
      .string('Must be the page address')
      .check(...before, z.maxLength(FIELD_LIMITS.url, `Must be at most ${FIELD_LIMITS.url} characters`), ...after),
    z.url({ protocol: /^https?$/, error: 'Must be the page address (an http or https URL)' }),
  );
}

/** Optional free text up to `limit`: blank when absent; `name` words the messages ("the message"). */
/* @__NO_SIDE_EFFECTS__ */
export function optionalText(limit: number, typeMessage: string, name: string) {
  return z._default(
    z
      .string(typeMessage)
      .check(z.trim(), z.maxLength(limit, `Please keep ${name} under ${limit.toLocaleString('en-US')} characters`)),
    '',
  );
}

/**
 * The first problem of a failed parse, for a 400 answer that names the field: `field: message`,
 * or the message alone when it already starts with the field's name ("planType must be ...").
 * A field in a list is named without its place (`extras.name`, `checklist`), as the form shows it.
 */
export function firstIssue(error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] }): string {
  const issue = error.issues[0];
  if (!issue) return 'Invalid input';
  const field = issue.path
    .filter((key) => typeof key !== 'number')
    .map(String)
    .join('.');
  return field && !issue.message.startsWith(field) ? `${field}: ${issue.message}` : issue.message;
}
