/**
 * The leads a visitor can send (docs/product/messages.md#validation): the contact form and the guide-download dialog.
 * The functions that store them check them with these schemas, and the forms show the 400
 * message; the field kinds and their limits come from lib/validation.ts. Shared core: Node loads
 * it directly from functions/, so relative imports with the extension only.
 */
import * as z from 'zod/mini';
import { FIELD_LIMITS, optionalText, pageAddress, requiredEmail, requiredText } from '../../lib/validation.ts';
import { CONTACT_SERVICES } from './contact.ts';

const serviceValues = CONTACT_SERVICES.map((s) => s.value);

/** A contact-form lead: name, email and phone required; service and message optional (docs/product/leads.md#contact-form). */
export const contactLeadSchema = z.object({
  name: requiredText('Please enter your name'),
  email: requiredEmail('Please enter your email'),
  phone: requiredText('Please enter your phone number'),
  service: z._default(
    z.union(
      [z.enum(serviceValues, 'Please choose a service from the list'), z.literal('')],
      'Please choose a service from the list',
    ),
    '',
  ),
  message: optionalText(FIELD_LIMITS.message, 'Message must be text', 'the message'),
});

/** A contact lead as the form holds it before validation. */
export type ContactLeadInput = z.input<typeof contactLeadSchema>;
/** A contact lead that passed validation. */
export type ContactLead = z.output<typeof contactLeadSchema>;

/** A guide-download lead: the form plus downloadType, timestamp and source (docs/product/leads.md#guide-downloads). */
export const downloadLeadSchema = z.object({
  firstName: requiredText('Please enter your first name'),
  email: requiredEmail('Please enter your email'),
  downloadType: requiredText('Please name the guide to download'),
  source: pageAddress(),
  // The browser's clock is only a hint: the server stamps the stored lead with its own time.
  timestamp: z.optional(z.iso.datetime({ offset: true, error: 'Must be an ISO date and time' })),
});

/** A download lead as the dialog sends it. */
export type DownloadLeadInput = z.input<typeof downloadLeadSchema>;
/** A download lead that passed validation. */
export type DownloadLead = z.output<typeof downloadLeadSchema>;
