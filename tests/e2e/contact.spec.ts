import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './a11y';

test.describe('contact form', () => {
  test('a service in the address is preselected', async ({ page }) => {
    const service = page.getByRole('combobox', { name: 'Service' });
    await page.goto('/?service=smoke-detector-batteries#contact');
    await expect(service).toHaveValue('smoke-detector-batteries');
    await page.goto('/?service=nonsense#contact');
    await expect(service).toHaveValue('');
  });

  test('submitting shows the two toasts in order, stores the lead and resets the form', async ({ page }) => {
    const email = `casey.${Date.now()}@example.com`;
    await page.goto('/#contact');
    const form = page.getByRole('form', { name: 'Schedule a service' });
    await form.getByLabel('Name').fill('Casey Homeowner');
    await form.getByLabel('Email').fill(email);
    await form.getByLabel('Phone').fill('417-555-0100');
    await form.getByLabel('Service').selectOption('dryer-vent-cleaning');
    await form.getByLabel('Message (optional)').fill('Dryer takes two cycles.');
    await form.getByRole('button', { name: 'Send Request' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Form Submitted' })).toContainText(
      "Thank you! We'll contact you within 24 hours to confirm your appointment.",
    );
    await expect(page.getByRole('status').filter({ hasText: 'Request Received' })).toContainText(
      'Your information has been forwarded to our team.',
    );
    await expect(form.getByLabel('Name')).toHaveValue('');
    const { leads } = (await (await page.request.get('/_dev/leads.json')).json()) as {
      leads: { kind: string; payload: Record<string, unknown> }[];
    };
    expect(leads.find((l) => l.payload['email'] === email)).toMatchObject({
      kind: 'contact',
      payload: {
        name: 'Casey Homeowner',
        phone: '417-555-0100',
        service: 'dryer-vent-cleaning',
        message: 'Dryer takes two cycles.',
      },
    });
  });

  test('when storing fails the failure toast shows and the form still resets', async ({ page }) => {
    await page.route('**/api/contact', (route) => route.fulfill({ status: 500, json: { error: 'down' } }));
    await page.goto('/#contact');
    const form = page.getByRole('form', { name: 'Schedule a service' });
    await form.getByLabel('Name').fill('Casey');
    await form.getByLabel('Email').fill('casey@example.com');
    await form.getByLabel('Phone').fill('417-555-0100');
    await form.getByRole('button', { name: 'Send Request' }).click();
    await expect(page.getByRole('alert').filter({ hasText: '(Note: CRM sync may have failed)' })).toBeVisible();
    await expect(form.getByLabel('Name')).toHaveValue('');
  });

  test('the received page (where a form sent without JavaScript lands) passes axe', async ({ page }) => {
    await page.goto('/contact-received');
    await expect(page.getByRole('link', { name: 'Return to Home' })).toHaveAttribute('href', '/');
    await expectNoAxeViolations(page);
  });

  test.describe('without JavaScript', () => {
    test.use({ javaScriptEnabled: false });

    test('the form still sends: the lead is stored and the received page confirms it', async ({ page }) => {
      const email = `nojs.${Date.now()}@example.com`;
      await page.goto('/#contact');
      const form = page.getByRole('form', { name: 'Schedule a service' });
      await form.getByLabel('Name').fill('Robin Noscript');
      await form.getByLabel('Email').fill(email);
      await form.getByLabel('Phone').fill('417-555-0101');
      await form.getByLabel('Service').selectOption('autopilot-plan');
      await form.getByRole('button', { name: 'Send Request' }).click();
      await expect(page).toHaveURL(/\/contact-received$/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Request Received');
      await expect(
        page.getByText("Thank you! We'll contact you within 24 hours to confirm your appointment."),
      ).toBeVisible();
      const { leads } = (await (await page.request.get('/_dev/leads.json')).json()) as {
        leads: { kind: string; payload: Record<string, unknown> }[];
      };
      expect(leads.find((l) => l.payload['email'] === email)?.payload).toMatchObject({
        name: 'Robin Noscript',
        service: 'autopilot-plan',
        source: 'Contact Form',
      });
    });
  });
});
