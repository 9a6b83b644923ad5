/**
 * What the home page holds, read from dist/ (docs/product/site.md#home-page): its sections, the
 * services grid, the plans block, the claims and towns, the contact form's fields and the footer;
 * and the page a form sent without JavaScript lands on. What a visitor does there (the header, the
 * contact form sent) is tests/e2e/home.spec.ts, header.spec.ts and contact.spec.ts.
 */
import { describe, expect, test } from 'vitest';
import {
  attr,
  builtPage,
  byRole,
  byTag,
  hrefs,
  oneByRole,
  shownByMarkup,
  text,
  type BuiltPage,
  type Element,
} from './dom';

const home = (): BuiltPage => builtPage('/');
const main = () => oneByRole(home().document, 'main');
const shown = (elements: Element[]) => elements.length > 0 && elements.every(shownByMarkup);

describe('home page', () => {
  test('renders every section of docs/product/site.md#home-page', () => {
    expect(shown(byRole(home().document, 'banner'))).toBe(true);
    expect(byRole(home().document, 'heading', { level: 1 }).map(text)).toEqual([
      'Home maintenance in Springfield, MO, on autopilot.',
    ]);
    for (const name of [
      'Services',
      'Autopilot Plans',
      'Why homeowners choose us',
      'Proudly serving the Springfield area',
      'Schedule a service',
    ]) {
      expect(shown(byRole(main(), 'heading', { level: 2, name, exact: true })), name).toBe(true);
    }
    expect(shown(byRole(home().document, 'contentinfo'))).toBe(true);
  });

  test('services grid links to the seven service pages', () => {
    const services = byTag(home().document, 'section').find((el) => attr(el, 'id') === 'services')!;
    expect(byRole(services, 'listitem')).toHaveLength(7);
    expect(byRole(services, 'heading', { level: 3 }).flatMap((h) => hrefs(byRole(h, 'link')))).toEqual([
      '/services/air-filter-replacement',
      '/services/autopilot-plans',
      '/services/dryer-vent-cleaning',
      '/services/smoke-detector-batteries',
      '/services/refrigerator-filters',
      '/services/light-bulb-replacement',
      '/services/vacuum-cleanout',
    ]);
  });

  test('plans block shows both plans with the prices of docs/product/plans.md#plan-prices and a Subscribe button each', () => {
    const lite = text(oneByRole(home().document, 'article', { name: 'Autopilot Lite' }));
    expect(lite).toContain('$39/month');
    expect(lite).toMatch(/Per quarterly visit:\s*\$117/);
    expect(lite).toContain('$420 (save $48)');
    const full = text(oneByRole(home().document, 'article', { name: 'Autopilot Full' }));
    expect(full).toContain('Most Popular');
    expect(full).toContain('$59/month');
    expect(full).toMatch(/Per quarterly visit:\s*\$177/);
    expect(full).toContain('$630 (save $78)');
    for (const name of ['Subscribe to Autopilot Lite', 'Subscribe to Autopilot Full']) {
      expect(shown(byRole(home().document, 'button', { name })), name).toBe(true);
    }
    const custom = oneByRole(home().document, 'article', { name: 'Custom Plans' });
    expect(hrefs(byRole(custom, 'link', { name: 'Contact Us' }))).toEqual(['#contact']);
  });

  test('why-choose-us and service area carry the claims, towns and radius', () => {
    for (const claim of ['500+', '2,000+', '5-star', '24/7', '24 hours', '87%']) expect(text(main())).toContain(claim);
    const towns = byRole(oneByRole(home().document, 'list', { name: 'Towns we serve' }), 'listitem');
    expect(towns.map(text)).toEqual([
      'Springfield',
      'Nixa',
      'Ozark',
      'Republic',
      'Willard',
      'Battlefield',
      'Strafford',
    ]);
    expect(text(main())).toContain('within 25 miles of Springfield, MO');
  });

  test('contact form has the fields, types and options of docs/product/leads.md#contact-form', () => {
    const form = oneByRole(home().document, 'form', { name: 'Schedule a service' });
    const field = (role: string, name: string) => oneByRole(form, role, { name, exact: true });
    const name = field('textbox', 'Name');
    const email = field('textbox', 'Email');
    const phone = field('textbox', 'Phone');
    expect(attr(name, 'required')).toBeDefined();
    expect(attr(email, 'type')).toBe('email');
    expect(attr(email, 'required')).toBeDefined();
    expect(attr(phone, 'type')).toBe('tel');
    expect(attr(phone, 'required')).toBeDefined();
    expect(attr(field('textbox', 'Message (optional)'), 'required')).toBeUndefined();
    const options = byTag(field('combobox', 'Service'), 'option');
    expect(options.map(text)).toEqual([
      'Select a service',
      'Air Filter Replacement',
      'Dryer Vent Cleaning',
      'Smoke Detector Batteries',
      'Autopilot Plan',
      'Other',
    ]);
    expect(options.map((o) => attr(o, 'value'))).toEqual([
      '',
      'air-filter-replacement',
      'dryer-vent-cleaning',
      'smoke-detector-batteries',
      'autopilot-plan',
      'other',
    ]);
  });

  test('footer has service links, quick links, contact details, hours and legal links', () => {
    const footer = oneByRole(home().document, 'contentinfo');
    // The first eight services, then the hub (docs/product/site.md#footer).
    expect(byRole(oneByRole(footer, 'navigation', { name: 'Services' }), 'link')).toHaveLength(9);
    expect(shown(byRole(footer, 'navigation', { name: 'Quick Links' }))).toBe(true);
    const link = (name: string) => hrefs(byRole(footer, 'link', { name }));
    expect(link('(417) 555-0142')).toEqual(['tel:+14175550142']);
    expect(link('help@springfieldhome.example')).toEqual(['mailto:help@springfieldhome.example']);
    // Read as Playwright reads it: the text content, each term against its hours.
    expect(text(footer)).toContain('Mon-Fri8:00 AM-6:00 PM');
    expect(text(footer)).toContain('Sat9:00 AM-4:00 PM');
    expect(text(footer)).toContain('SunEmergency only');
    expect(link('Privacy Policy')).toEqual(['/privacy']);
    expect(link('Terms of Service')).toEqual(['/terms']);
    expect(link('Service Agreement')).toEqual(['/service-agreement']);
  });
});

test('the received page (where a form sent without JavaScript lands) leads back home', () => {
  expect(hrefs(byRole(builtPage('/contact-received').document, 'link', { name: 'Return to Home' }))).toEqual(['/']);
});
