/** Behaviour of the lead dialogs rendered by LeadDialog.astro. */
import { toast } from '@/features/toast/toaster';
import { submitLead } from './lead-client';

/** The dialog closes itself this long after 'Download Ready!' (docs/product/leads.md#guide-downloads). */
export const AUTO_CLOSE_MS = 3000;

function download(href: string, fileName: string): void {
  const link = document.createElement('a');
  link.href = href;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
}

/** A text field of the form, trimmed ('' when it is missing). */
function textField(data: FormData, name: string): string {
  const value = data.get(name);
  return typeof value === 'string' ? value.trim() : '';
}

function wire(dialog: HTMLDialogElement): void {
  const form = dialog.querySelector<HTMLFormElement>('[data-lead-form]');
  const formView = dialog.querySelector<HTMLElement>('[data-lead-view="form"]');
  const successView = dialog.querySelector<HTMLElement>('[data-lead-view="success"]');
  const submit = form?.querySelector<HTMLButtonElement>('button[type="submit"]');
  const closers = dialog.querySelectorAll<HTMLButtonElement>('[data-lead-close]');
  if (!form || !formView || !successView || !submit) return;
  let submitting = false;
  let opener: HTMLElement | null = null;
  let autoClose: ReturnType<typeof setTimeout> | undefined;

  const setSubmitting = (value: boolean) => {
    submitting = value;
    submit.disabled = value;
    submit.textContent = value ? 'Sending...' : (submit.dataset['idleLabel'] ?? 'Submit');
    closers.forEach((button) => (button.disabled = value));
  };
  const close = () => {
    if (!submitting) dialog.close();
  };

  for (const trigger of document.querySelectorAll<HTMLButtonElement>(`[data-lead-open="${dialog.id}"]`)) {
    trigger.addEventListener('click', () => {
      opener = trigger;
      formView.hidden = false;
      successView.hidden = true;
      dialog.showModal();
    });
  }
  closers.forEach((button) => button.addEventListener('click', close));
  // Escape and backdrop clicks are refused while the lead is being sent.
  dialog.addEventListener('cancel', (event) => {
    if (submitting) event.preventDefault();
  });
  dialog.addEventListener('click', (event) => {
    if (event.target === dialog) close();
  });
  dialog.addEventListener('close', () => {
    clearTimeout(autoClose);
    form.reset();
    opener?.focus();
  });

  const send = async (event: SubmitEvent): Promise<void> => {
    event.preventDefault();
    if (submitting) return;
    const data = new FormData(form);
    const firstName = textField(data, 'firstName');
    const email = textField(data, 'email');
    if (!firstName || !email) {
      toast({
        title: 'Please fill in all fields',
        description: 'Both first name and email are required.',
        variant: 'destructive',
      });
      return;
    }
    const emailInput = form.querySelector<HTMLInputElement>('input[type="email"]');
    if (emailInput && !emailInput.checkValidity()) {
      emailInput.reportValidity();
      return;
    }
    setSubmitting(true);
    try {
      await submitLead({ firstName, email, downloadType: dialog.dataset['downloadType'] ?? '' });
      setSubmitting(false);
      toast({ title: 'Success!', description: 'Your download will begin shortly. Check your email for the guide.' });
      formView.hidden = true;
      successView.hidden = false;
      download(dialog.dataset['guideHref'] ?? '/', dialog.dataset['guideFile'] ?? 'guide.html');
      autoClose = setTimeout(() => dialog.close(), AUTO_CLOSE_MS);
    } catch (error) {
      console.error('Lead submission failed:', error);
      setSubmitting(false);
      toast({
        title: 'Something went wrong',
        description: 'Please try again or contact us directly.',
        variant: 'destructive',
      });
    }
  };
  form.addEventListener('submit', (event) => void send(event));
}

/** Wires every lead dialog on the page. */
export function initLeadDialogs(): void {
  document.querySelectorAll<HTMLDialogElement>('dialog[data-lead-dialog]').forEach(wire);
}
