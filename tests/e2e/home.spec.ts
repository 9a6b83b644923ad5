import { gzipSync } from 'node:zlib';
import { fetchedToRun } from './network';
import { expect, test } from './test';
import { expectNoAxeViolations } from './a11y';

test.describe('home page', () => {
  test('renders every section of docs/product/site.md#home-page', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('banner')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'Home maintenance in Springfield, MO, on autopilot.',
    );
    for (const name of [
      'Services',
      'Autopilot Plans',
      'Why homeowners choose us',
      'Proudly serving the Springfield area',
      'Schedule a service',
    ]) {
      await expect(page.getByRole('main').getByRole('heading', { level: 2, name, exact: true })).toBeVisible();
    }
    await expect(page.getByRole('contentinfo')).toBeVisible();
  });

  test('services grid links to the seven service pages', async ({ page }) => {
    await page.goto('/');
    const cards = page.locator('#services').getByRole('listitem');
    await expect(cards).toHaveCount(7);
    const hrefs = await page
      .locator('#services')
      .getByRole('heading', { level: 3 })
      .getByRole('link')
      .evaluateAll((links) => links.map((a) => a.getAttribute('href')));
    expect(hrefs).toEqual([
      '/services/air-filter-replacement',
      '/services/autopilot-plans',
      '/services/dryer-vent-cleaning',
      '/services/smoke-detector-batteries',
      '/services/refrigerator-filters',
      '/services/light-bulb-replacement',
      '/services/vacuum-cleanout',
    ]);
  });

  test('plans block shows both plans with the prices of docs/product/plans.md#plan-prices and a Subscribe button each', async ({
    page,
  }) => {
    await page.goto('/');
    const lite = page.getByRole('article', { name: 'Autopilot Lite' });
    await expect(lite).toContainText('$39/month');
    await expect(lite).toContainText(/Per quarterly visit:\s*\$117/);
    await expect(lite).toContainText('$420 (save $48)');
    const full = page.getByRole('article', { name: 'Autopilot Full' });
    await expect(full).toContainText('Most Popular');
    await expect(full).toContainText('$59/month');
    await expect(full).toContainText(/Per quarterly visit:\s*\$177/);
    await expect(full).toContainText('$630 (save $78)');
    await expect(page.getByRole('button', { name: 'Subscribe to Autopilot Lite' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Subscribe to Autopilot Full' })).toBeVisible();
    await expect(
      page.getByRole('article', { name: 'Custom Plans' }).getByRole('link', { name: 'Contact Us' }),
    ).toHaveAttribute('href', '#contact');
  });

  test('why-choose-us and service area carry the claims, towns and radius', async ({ page }) => {
    await page.goto('/');
    const main = page.getByRole('main');
    for (const claim of ['500+', '2,000+', '5-star', '24/7', '24 hours', '87%'])
      await expect(main).toContainText(claim);
    const towns = page.getByRole('list', { name: 'Towns we serve' }).getByRole('listitem');
    await expect(towns).toHaveText(['Springfield', 'Nixa', 'Ozark', 'Republic', 'Willard', 'Battlefield', 'Strafford']);
    await expect(main).toContainText('within 25 miles of Springfield, MO');
  });

  test('contact form has the fields, types and options of docs/product/leads.md#contact-form', async ({ page }) => {
    await page.goto('/');
    const form = page.getByRole('form', { name: 'Schedule a service' });
    await expect(form.getByLabel('Name')).toHaveAttribute('required', '');
    await expect(form.getByLabel('Email')).toHaveAttribute('type', 'email');
    await expect(form.getByLabel('Email')).toHaveAttribute('required', '');
    await expect(form.getByLabel('Phone')).toHaveAttribute('type', 'tel');
    await expect(form.getByLabel('Phone')).toHaveAttribute('required', '');
    await expect(form.getByLabel('Message (optional)')).not.toHaveAttribute('required', '');
    await expect(form.getByLabel('Service').locator('option')).toHaveText([
      'Select a service',
      'Air Filter Replacement',
      'Dryer Vent Cleaning',
      'Smoke Detector Batteries',
      'Autopilot Plan',
      'Other',
    ]);
    expect(
      await form
        .getByLabel('Service')
        .locator('option')
        .evaluateAll((o) => o.map((x) => (x as HTMLOptionElement).value)),
    ).toEqual([
      '',
      'air-filter-replacement',
      'dryer-vent-cleaning',
      'smoke-detector-batteries',
      'autopilot-plan',
      'other',
    ]);
  });

  test('footer has service links, quick links, contact details, hours and legal links', async ({ page }) => {
    await page.goto('/');
    const footer = page.getByRole('contentinfo');
    // The first eight services, then the hub (docs/product/site.md#footer).
    await expect(footer.getByRole('navigation', { name: 'Services' }).getByRole('link')).toHaveCount(9);
    await expect(footer.getByRole('navigation', { name: 'Quick Links' })).toBeVisible();
    await expect(footer.getByRole('link', { name: '(417) 555-0142' })).toHaveAttribute('href', 'tel:+14175550142');
    await expect(footer.getByRole('link', { name: 'help@springfieldhome.example' })).toHaveAttribute(
      'href',
      'mailto:help@springfieldhome.example',
    );
    await expect(footer).toContainText('Mon-Fri8:00 AM-6:00 PM');
    await expect(footer).toContainText('Sat9:00 AM-4:00 PM');
    await expect(footer).toContainText('SunEmergency only');
    await expect(footer.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy');
    await expect(footer.getByRole('link', { name: 'Terms of Service' })).toHaveAttribute('href', '/terms');
    await expect(footer.getByRole('link', { name: 'Service Agreement' })).toHaveAttribute('href', '/service-agreement');
  });

  test('ships no framework JavaScript at load', async ({ page }) => {
    const scripts: { url: string; bytes: number }[] = [];
    page.on('response', async (res) => {
      if (res.request().resourceType() === 'script') {
        scripts.push({ url: res.url(), bytes: Number(res.headers()['content-length'] ?? (await res.body()).length) });
      }
    });
    await page.goto('/', { waitUntil: 'networkidle' });
    // The Subscribe buttons are islands, drawn by the server and not hydrated before they are near view.
    await expect(page.locator('astro-island:not([ssr])')).toHaveCount(0);
    // Only the small plain modules of the shell (toaster) are fetched to run; no React, no supabase-js.
    // The Subscribe buttons are not tools: their code is not preloaded at idle either
    // (docs/product/performance.md#after-paint-loading); whatever a page preloads at idle is never run, so
    // fetchedToRun leaves it out of what is counted here.
    const run = await fetchedToRun(
      page,
      scripts.map((s) => s.url),
    );
    for (const url of run) expect(url).not.toMatch(/\/_astro\/(client|react)\.[\w-]+\.js$|supabase/i);
    // Inline scripts travel inside the compressed page: counted as they are sent (gzip), like the
    // files' transferred bytes, not as the larger text the browser unpacks.
    const inlineText = await page
      .locator('script:not([type="application/ld+json"]):not([src])')
      .evaluateAll((els) => els.map((el) => el.textContent ?? '').join('\n'));
    const inlineBytes = gzipSync(inlineText).length;
    const fileBytes = scripts.filter((s) => run.includes(s.url)).reduce((n, s) => n + s.bytes, 0);
    console.log(
      `home page JavaScript: ${scripts.length} files, ${fileBytes} bytes transferred, ${inlineBytes} bytes inline`,
    );
    // The performance budget for home, service and article pages: 15 KB of script at load.
    expect(fileBytes + inlineBytes).toBeLessThan(15 * 1024);
  });

  test('has no axe violations (WCAG 2.2 AA)', async ({ page }) => {
    await page.goto('/');
    await expectNoAxeViolations(page);
  });
});
