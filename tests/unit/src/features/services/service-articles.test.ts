/** The map of articles per service (docs/product/services.md#services-hub) names only real services and articles. */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { articlesFor, SERVICE_ARTICLES } from '@/features/services/service-articles';

const ROOT = join(import.meta.dirname, '../../../../..');

test('every service and article of the map exists', () => {
  for (const [service, articles] of Object.entries(SERVICE_ARTICLES)) {
    expect(existsSync(join(ROOT, 'content/services', `${service}.yaml`)), service).toBe(true);
    expect(articles.length, service).toBeGreaterThan(0);
    for (const slug of articles) expect(existsSync(join(ROOT, 'content/blog', `${slug}.mdx`)), slug).toBe(true);
  }
});

test('the air filter page links the three air filter guides; a service without a guide links none', () => {
  expect(articlesFor('air-filter-replacement')).toEqual([
    'air-filter-replacement-guide',
    'how-to-change-air-filter',
    'air-filter-types-guide',
  ]);
  expect(articlesFor('dryer-vent-cleaning')).toEqual([]);
});
