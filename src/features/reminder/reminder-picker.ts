/**
 * Behaviour of ReminderPicker.astro: limits the date to today on, starts it 90 days ahead (or at
 * the calculator's schedule, until the reader picks a date), and 'Set Reminder' downloads the
 * event as an .ics file and confirms it with a toast.
 */
import { $scheduleDays } from '@/features/schedule-calculator/store';
import { toast } from '@/features/toast/toaster';
import { formatDay } from '@/lib/dates';
import { defaultReminderDate, reminderIcs, toDateInputValue } from './ics';

function saveFile(text: string, fileName: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers read the blob after click() returns; free it once the download has started.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Wires one reminder picker. */
export function initReminderPicker(root: HTMLElement): void {
  const input = root.querySelector<HTMLInputElement>('[data-reminder-date]');
  const button = root.querySelector<HTMLButtonElement>('[data-reminder-set]');
  const hint = root.querySelector<HTMLElement>('[data-reminder-hint]');
  if (!input || !button || !hint) return;
  const fileName = root.dataset['file'] ?? 'reminder.ics';
  const uidDomain = root.dataset['uidDomain'] ?? 'localhost';
  const today = new Date();
  input.min = toDateInputValue(today);
  if (!input.value) input.value = defaultReminderDate(today);

  // A calculated schedule moves the date, unless the reader has already chosen one.
  let chosen = false;
  input.addEventListener('change', () => (chosen = true));
  $scheduleDays.subscribe((days) => {
    if (days === null || chosen) return;
    input.value = toDateInputValue(new Date(today.getFullYear(), today.getMonth(), today.getDate() + days));
    hint.textContent = `Set ${days} days from today, from your calculated schedule. Choose any date from today on.`;
  });

  button.addEventListener('click', () => {
    const date = input.value;
    if (!date || date < input.min) {
      toast({
        title: 'Choose a date',
        description: 'Pick the day of your next filter change, today or later.',
        variant: 'destructive',
      });
      input.focus();
      return;
    }
    const page = document.querySelector<HTMLLinkElement>('link[rel="canonical"]')?.href ?? window.location.href;
    const ics = reminderIcs({
      date,
      title: 'Change the air filter',
      description: `Time to put in a fresh HVAC air filter. Your schedule and tips: ${page}`,
      url: page,
      now: new Date(),
      uid: `air-filter-${date}-${Date.now()}@${uidDomain}`,
    });
    saveFile(ics, fileName, 'text/calendar');
    toast({
      title: 'Reminder downloaded',
      description: `Open ${fileName} to add ${formatDay(date)} to your calendar.`,
    });
  });
}
