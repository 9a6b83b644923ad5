/**
 * The owner's webhook test page (docs/product/checkout.md#webhook-test-page): one button per plan and per bookable service,
 * each starting a real test checkout with the payloads listed there; the running test's button says
 * 'Testing...' and is disabled; the outcome is a toast.
 */
import { loadAvailability, windowFull, type Availability } from '@/features/booking/availability';
import type { BookingOptions, ServiceType } from '@/features/booking/pricing';
import { type Visit } from '@/features/booking/visit';
import { bookableDays } from '@/features/visits/windows';
import { planName, type PlanType } from '@/features/plans/plans';
import { toast } from '@/features/toast/toaster';
import { businessToday } from '@/lib/dates';
import { SITE } from '@/site';

/**
 * The visit every service test books: the business's own address, so a test order is recognisable
 * in the owner's tool, in the first open window of the first bookable day that takes a visit by
 * `availability` (a closed day or a full window would be refused).
 */
export function testVisit(today: string = businessToday(), availability: Availability = new Map()): Visit {
  for (const day of bookableDays(today)) {
    if (availability.get(day.date)?.closed) continue;
    const window = day.windows.find((w) => !windowFull(availability, day.date, w));
    if (!window) continue;
    return {
      street: SITE.address.street ?? SITE.name,
      city: SITE.area.city,
      zip: SITE.address.postalCode,
      phone: SITE.phone.display,
      date: day.date,
      window,
      notes: 'Webhook test order: no visit needed.',
    };
  }
  throw new Error('No open window ahead');
}

/** The test payloads of docs/product/checkout.md#webhook-test-page. */
export const SERVICE_TESTS: readonly { serviceType: ServiceType; options: BookingOptions }[] = [
  { serviceType: 'air-filter-replacement', options: { filterQuality: 'premium' } },
  { serviceType: 'dryer-vent-cleaning', options: {} },
  { serviceType: 'light-bulb-replacement', options: {} },
  { serviceType: 'refrigerator-filters', options: {} },
  { serviceType: 'smoke-detector-batteries', options: { additionalDetectors: 2 } },
  { serviceType: 'vacuum-cleanout', options: { ventCount: 3 } },
];

let running: string | null = null;

async function run(button: HTMLButtonElement, test: () => Promise<void>): Promise<void> {
  if (running) return;
  running = button.dataset['testId'] ?? '';
  const label = button.textContent;
  button.disabled = true;
  button.textContent = 'Testing...';
  try {
    await test();
  } finally {
    running = null;
    button.disabled = false;
    button.textContent = label;
  }
}

/** Wires the page's test buttons. */
export function initWebhookTests(root: Document): void {
  for (const button of root.querySelectorAll<HTMLButtonElement>('button[data-test-plan]')) {
    const plan = button.dataset['testPlan'] as PlanType;
    button.addEventListener(
      'click',
      () =>
        void run(button, async () => {
          const { CHECKOUT_FAILED, openProviderPage, SignedOutError } = await import('@/features/auth/api');
          try {
            await openProviderPage('/api/create-subscription-checkout', { planType: plan }, CHECKOUT_FAILED);
            toast({ title: `${planName(plan)} subscription webhook should be triggered!` });
          } catch (error) {
            if (error instanceof SignedOutError) {
              window.location.assign('/auth');
              return;
            }
            console.error('Subscription webhook test failed:', error);
            toast({ title: 'Error testing subscription webhook', variant: 'destructive' });
          }
        }),
    );
  }
  for (const button of root.querySelectorAll<HTMLButtonElement>('button[data-test-service]')) {
    const test = SERVICE_TESTS.find((t) => t.serviceType === button.dataset['testService']);
    if (!test) continue;
    button.addEventListener(
      'click',
      () =>
        void run(button, async () => {
          const { CHECKOUT_FAILED, openProviderPage } = await import('@/features/auth/api');
          try {
            // Availability not read: the first bookable day's first window, and the server says
            // why if it refuses it.
            const visit = testVisit(businessToday(), (await loadAvailability()) ?? undefined);
            await openProviderPage('/api/create-payment-checkout', { ...test, visit }, CHECKOUT_FAILED);
            toast({ title: `${test.serviceType} webhook should be triggered!` });
          } catch (error) {
            console.error('Service webhook test failed:', error);
            toast({ title: `Error testing ${test.serviceType} webhook`, variant: 'destructive' });
          }
        }),
    );
  }
}
