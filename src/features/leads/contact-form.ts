/**
 * The home page's contact form (docs/product/leads.md#contact-form): the service chosen by `?service=`, then on submit the
 * 'Form Submitted' toast at once, the request stored through /api/contact, the 'Request Received'
 * toast (or the failure toast, the request then kept and sent again: contact-outbox.ts), and the
 * form reset in both cases; a request our checks refuse keeps the form as typed and says why.
 */
import { toast } from '@/features/toast/toaster';
import { idempotencyKey } from '@/lib/api';
import { CONTACT_SERVICES } from './contact';
import { browserStorage, keepContact, keptContacts, postContact, retryKeptContacts } from './contact-outbox';

/** The service to preselect from a `?service=` value, or '' when it is not one of the options. */
export function preselectedService(search: string): string {
  const value = new URLSearchParams(search).get('service') ?? '';
  return CONTACT_SERVICES.some((s) => s.value === value) ? value : '';
}

/**
 * Fills in the home page's contact form from elsewhere on the page (the service-area check's "ask
 * us anyway"): the service and the message, then moves to the form's first field. False when the
 * page has no contact form.
 */
export function prefillContactForm(root: Document, prefill: { service: string; message: string }): boolean {
  const form = root.querySelector<HTMLFormElement>('form[data-contact-form]');
  if (!form) return false;
  const select = form.querySelector<HTMLSelectElement>('select[name="service"]');
  const message = form.querySelector<HTMLTextAreaElement>('textarea[name="message"]');
  if (select) select.value = prefill.service;
  if (message) message.value = prefill.message;
  form.scrollIntoView({ block: 'start' });
  form.querySelector<HTMLInputElement>('input[name="name"]')?.focus({ preventScroll: true });
  return true;
}

/** Wires the contact form. */
export function initContactForm(form: HTMLFormElement): void {
  const select = form.querySelector<HTMLSelectElement>('select[name="service"]');
  const chosen = preselectedService(window.location.search);
  if (select && chosen) select.value = chosen;
  const storage = browserStorage();
  // A request an earlier visit could not store goes now.
  if (storage && keptContacts(storage).length > 0) retryKeptContacts(storage, { now: true });

  const send = async (event: SubmitEvent): Promise<void> => {
    event.preventDefault();
    if (!form.reportValidity()) return;
    const data = Object.fromEntries(new FormData(form)) as Record<string, string>;
    const submit = form.querySelector<HTMLButtonElement>('button[type="submit"]');
    if (submit) submit.disabled = true;
    toast({
      title: 'Form Submitted',
      description: "Thank you! We'll contact you within 24 hours to confirm your appointment.",
    });
    // A new key per submission: a repeated request stores one lead.
    const request = {
      key: idempotencyKey(),
      body: JSON.stringify({
        name: data['name'],
        email: data['email'],
        phone: data['phone'],
        service: data['service'] ?? '',
        message: data['message'] ?? '',
      }),
    };
    const outcome = await postContact(request);
    if (submit) submit.disabled = false;
    if (outcome.kind === 'refused') {
      // Our checks refused it: nothing was stored, so what was typed stays, with the reason.
      toast({ title: `We could not send your request yet: ${outcome.problem}`, variant: 'destructive' });
      return;
    }
    if (outcome.kind === 'stored') {
      toast({ title: 'Request Received', description: 'Your information has been forwarded to our team.' });
    } else {
      // Not reached: kept in this browser and sent again until it is stored.
      if (storage) {
        keepContact(storage, request);
        retryKeptContacts(storage, { now: false });
      }
      toast({
        title: "Thank you! We'll contact you within 24 hours. (Note: CRM sync may have failed)",
        variant: 'destructive',
      });
    }
    form.reset();
  };
  form.addEventListener('submit', (event) => void send(event));
}
