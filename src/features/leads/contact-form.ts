/**
 * The home page's contact form (docs/product.md#contact-form): the service chosen by `?service=`, then on submit the
 * 'Form Submitted' toast at once, the request stored through /api/contact, the 'Request Received'
 * toast (or the failure toast), and the form reset in both cases.
 */
import { toast } from '@/features/toast/toaster';
import { CONTACT_SERVICES } from './contact';

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

  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    if (!form.reportValidity()) return;
    const data = Object.fromEntries(new FormData(form)) as Record<string, string>;
    const submit = form.querySelector<HTMLButtonElement>('button[type="submit"]');
    if (submit) submit.disabled = true;
    toast({
      title: 'Form Submitted',
      description: "Thank you! We'll contact you within 24 hours to confirm your appointment.",
    });
    try {
      const res = await fetch('/api/contact', {
        method: 'POST',
        // A new key per submission (as in lead-client.ts): a repeated request stores one lead.
        headers: {
          'Content-Type': 'application/json',
          'Idempotency-Key':
            crypto.randomUUID?.() ??
            Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join(''),
        },
        body: JSON.stringify({
          name: data['name'],
          email: data['email'],
          phone: data['phone'],
          service: data['service'] ?? '',
          message: data['message'] ?? '',
        }),
      });
      if (!res.ok) throw new Error(`HTTP ${res.status}`);
      toast({ title: 'Request Received', description: 'Your information has been forwarded to our team.' });
    } catch (error) {
      console.error('Contact form relay failed:', error);
      toast({
        title: "Thank you! We'll contact you within 24 hours. (Note: CRM sync may have failed)",
        variant: 'destructive',
      });
    } finally {
      form.reset();
      if (submit) submit.disabled = false;
    }
  });
}
