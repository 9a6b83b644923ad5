import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';
import { updatedDates } from '@/lib/updated-dates';

const root = fileURLToPath(new URL('../../../../', import.meta.url));

test('every indexed page has its last-changed date for the sitemap (docs/product/site.md#page-metadata)', () => {
  const dates = updatedDates(root);
  for (const path of ['/', '/about', '/blog', '/blog/how-to-change-air-filter', '/services/dryer-vent-cleaning']) {
    expect(dates.get(path), path).toBeInstanceOf(Date);
  }
  for (const path of ['/autopilot-lite', '/autopilot-full', '/privacy', '/terms', '/service-agreement']) {
    expect(dates.get(path), path).toBeInstanceOf(Date);
  }
  const articles = [...dates].filter(([path]) => path.startsWith('/blog/')).map(([, date]) => date.getTime());
  expect(dates.get('/blog')?.getTime()).toBe(Math.max(...articles));
});
