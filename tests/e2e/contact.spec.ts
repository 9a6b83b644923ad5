import { expect, test } from './test';

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

  test('each submission sends its own Idempotency-Key; the same request sent again stores no second lead', async ({
    page,
  }) => {
    await page.goto('/#contact');
    const form = page.getByRole('form', { name: 'Schedule a service' });
    const submit = async (name: string) => {
      const email = `${name.toLowerCase()}.${Date.now()}@example.com`;
      await form.getByLabel('Name').fill(name);
      await form.getByLabel('Email').fill(email);
      await form.getByLabel('Phone').fill('417-555-0100');
      const answered = page.waitForResponse('**/api/contact');
      await form.getByRole('button', { name: 'Send Request' }).click();
      const response = await answered;
      expect(response.status()).toBe(202);
      await expect(form.getByLabel('Name')).toHaveValue('');
      return { request: response.request(), email };
    };
    const first = await submit('Ari');
    const second = await submit('Bo');
    const keys = await Promise.all(
      [first, second].map(async ({ request }) => (await request.allHeaders())['idempotency-key']),
    );
    for (const key of keys)
      expect(key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(keys[0]).not.toBe(keys[1]);

    const leads = async () =>
      (
        (await (await page.request.get('/_dev/leads.json')).json()) as {
          leads: { id: string; payload: { email?: string } }[];
        }
      ).leads;
    const before = await leads();
    const stored = before.find((lead) => lead.payload.email === first.email);
    // The first request again, as a network retry would send it: the first lead's id, nothing stored.
    const repeat = await page.request.post('/api/contact', {
      headers: { 'Content-Type': 'application/json', 'Idempotency-Key': keys[0] ?? '' },
      data: first.request.postData() ?? '',
    });
    expect(repeat.status()).toBe(202);
    expect(await repeat.json()).toEqual({ id: stored?.id });
    expect(await leads()).toHaveLength(before.length);
  });

  test('when storing fails the failure toast shows and the form still resets; the request is kept and sent once the service is back', async ({
    page,
  }) => {
    const email = `kept.${Date.now()}@example.com`;
    await page.route('**/api/contact', (route) => route.fulfill({ status: 500, json: { error: 'down' } }));
    await page.goto('/#contact');
    const form = page.getByRole('form', { name: 'Schedule a service' });
    await form.getByLabel('Name').fill('Casey');
    await form.getByLabel('Email').fill(email);
    await form.getByLabel('Phone').fill('417-555-0100');
    await form.getByRole('button', { name: 'Send Request' }).click();
    await expect(page.getByRole('alert').filter({ hasText: '(Note: CRM sync may have failed)' })).toBeVisible();
    await expect(form.getByLabel('Name')).toHaveValue('');

    // The service is back; the next time the form starts, the kept request is stored, once.
    await page.unroute('**/api/contact');
    const sent = page.waitForResponse((r) => r.url().endsWith('/api/contact') && r.status() === 202);
    await page.reload();
    await sent;
    const stored = async () =>
      (
        (await (await page.request.get('/_dev/leads.json')).json()) as {
          leads: { payload: { email?: string; name?: string } }[];
        }
      ).leads.filter((lead) => lead.payload.email === email);
    await expect.poll(async () => (await stored()).map((lead) => lead.payload.name)).toEqual(['Casey']);
    expect(await page.evaluate(() => localStorage.getItem('shm-contact-outbox'))).toBeNull();
  });

  test('a request our checks refuse keeps what was typed and says why', async ({ page }) => {
    await page.route('**/api/contact', (route) =>
      route.fulfill({ status: 400, json: { error: 'Please enter a valid email address' } }),
    );
    await page.goto('/#contact');
    const form = page.getByRole('form', { name: 'Schedule a service' });
    await form.getByLabel('Name').fill('Casey');
    await form.getByLabel('Email').fill('casey@example.com');
    await form.getByLabel('Phone').fill('417-555-0100');
    await form.getByRole('button', { name: 'Send Request' }).click();
    await expect(
      page
        .getByRole('alert')
        .filter({ hasText: 'We could not send your request yet: Please enter a valid email address' }),
    ).toBeVisible();
    await expect(form.getByLabel('Name')).toHaveValue('Casey');
    await expect(form.getByLabel('Email')).toHaveValue('casey@example.com');
    await expect(form.getByRole('button', { name: 'Send Request' })).toBeEnabled();
    expect(await page.evaluate(() => localStorage.getItem('shm-contact-outbox'))).toBeNull();
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
