/**
 * The leads a visitor can send (SPEC §3, §5): the contact form and the guide-download dialog.
 * Shared by the browser forms and the functions that store them, so the limits live in one place.
 * Relative imports only: Node loads this file directly in functions/.
 */
import { z } from 'zod';
import { CONTACT_SERVICES } from './contact.ts';

/** Longest name, phone, e-mail or download type accepted. */
export const MAX_FIELD_LENGTH = 200;
/** Longest contact message accepted. */
export const MAX_MESSAGE_LENGTH = 5000;
/** Longest page address accepted as a download lead's source. */
export const MAX_URL_LENGTH = 2000;

const text = (required: string) =>
  z
    .string(required)
    .trim()
    .min(1, required)
    .max(MAX_FIELD_LENGTH, `Please keep this under ${MAX_FIELD_LENGTH} characters`);

const email = (required: string) =>
  z
    .string(required)
    .trim()
    .min(1, required)
    .max(MAX_FIELD_LENGTH, `Please keep this under ${MAX_FIELD_LENGTH} characters`)
    .pipe(z.email('Please enter a valid email address'));

const serviceValues = CONTACT_SERVICES.map((s) => s.value) as [string, ...string[]];

/** A contact-form lead: name, email and phone required; service and message optional (SPEC §5). */
export const contactLeadSchema = z.object({
  name: text('Please enter your name'),
  email: email('Please enter your email'),
  phone: text('Please enter your phone number'),
  service: z
    .union([z.enum(serviceValues, 'Please choose a service from the list'), z.literal('')], {
      error: 'Please choose a service from the list',
    })
    .default(''),
  message: z
    .string('Message must be text')
    .trim()
    .max(MAX_MESSAGE_LENGTH, `Please keep the message under ${MAX_MESSAGE_LENGTH.toLocaleString('en-US')} characters`)
    .default(''),
});

/** A contact lead as the form holds it before validation. */
export type ContactLeadInput = z.input<typeof contactLeadSchema>;
/** A contact lead that passed validation. */
export type ContactLead = z.output<typeof contactLeadSchema>;

/** A guide-download lead (SPEC §3 lead form plus the payload's downloadType, timestamp and source). */
export const downloadLeadSchema = z.object({
  firstName: text('Please enter your first name'),
  email: email('Please enter your email'),
  downloadType: text('Please name the guide to download'),
  source: z
    .string('Must be the page address')
    .trim()
    .max(MAX_URL_LENGTH, `Must be at most ${MAX_URL_LENGTH} characters`)
    .pipe(z.url({ protocol: /^https?$/, error: 'Must be the page address (an http or https URL)' })),
  // The browser's clock is only a hint: the server stamps the stored lead with its own time.
  timestamp: z.iso.datetime({ offset: true, error: 'Must be an ISO date and time' }).optional(),
});

/** A download lead as the dialog sends it. */
export type DownloadLeadInput = z.input<typeof downloadLeadSchema>;
/** A download lead that passed validation. */
export type DownloadLead = z.output<typeof downloadLeadSchema>;

/** The first problem of a failed parse as `field: message`, for a 400 answer that names the field. */
export function firstIssue(error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] }): string {
  const issue = error.issues[0];
  if (!issue) return 'Invalid input';
  const field = issue.path.map(String).join('.');
  return field ? `${field}: ${issue.message}` : issue.message;
}
