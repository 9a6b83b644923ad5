/**
 * Live total of a booking card: reads the form's options, asks the pricing module (the same one
 * the payment function charges with) and shows the total, or the reason the options are invalid.
 */
import { formatCents } from '@/lib/format';
import { PricingError, servicePriceCents, type BookingOptions } from './pricing';

/** Reads the booking options a card's form currently holds. Empty number fields read as NaN. */
export function readOptions(form: HTMLFormElement): BookingOptions {
  const data = new FormData(form);
  const options: BookingOptions = {};
  const quality = data.get('filterQuality');
  if (quality !== null) options.filterQuality = quality;
  for (const field of ['additionalDetectors', 'ventCount'] as const) {
    const raw = data.get(field);
    if (raw !== null) options[field] = raw === '' ? Number.NaN : Number(raw);
  }
  return options;
}

function update(form: HTMLFormElement): void {
  const total = form.querySelector<HTMLOutputElement>('[data-total]');
  const error = form.querySelector<HTMLElement>('[data-error]');
  const submit = form.querySelector<HTMLButtonElement>('button[type="submit"]');
  const numberInputs = form.querySelectorAll<HTMLInputElement>('input[type="number"]');
  try {
    const cents = servicePriceCents(form.dataset['serviceType'], readOptions(form));
    if (total) total.value = formatCents(cents);
    if (error) error.hidden = true;
    numberInputs.forEach((input) => input.removeAttribute('aria-invalid'));
    submit?.removeAttribute('disabled');
  } catch (err) {
    if (!(err instanceof PricingError)) throw err;
    const field = err.field.replace('options.', '');
    const input = form.querySelector<HTMLInputElement>(`[name="${field}"]`);
    input?.setAttribute('aria-invalid', 'true');
    if (error) {
      error.textContent = input?.dataset['rangeMessage'] ?? err.message;
      error.hidden = false;
    }
    if (total) total.value = '—';
    submit?.setAttribute('disabled', '');
  }
}

/** Wires every booking card on the page: live totals and the −/+ steppers of number fields. */
export function initBookingCards(root: Document = document): void {
  for (const form of root.querySelectorAll<HTMLFormElement>('form[data-booking-card]')) {
    form.addEventListener('input', () => update(form));
    form.addEventListener('change', () => update(form));
    form.addEventListener('click', (event) => {
      const button = (event.target as Element | null)?.closest<HTMLButtonElement>('button[data-step]');
      if (!button) return;
      const input = form.querySelector<HTMLInputElement>(`[name="${button.dataset['for']}"]`);
      if (!input) return;
      const next = (Number(input.value) || 0) + Number(button.dataset['step']);
      input.value = String(Math.min(Number(input.max), Math.max(Number(input.min), next)));
      update(form);
    });
    update(form);
  }
}
