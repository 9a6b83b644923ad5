import { describe, expect, test } from 'vitest';
import { articleJsonLd, homeBusinessJsonLd, howToJsonLd, serializeJsonLd, webPageJsonLd } from '@/lib/jsonld';
import { articleCardPath } from '@/lib/seo';
import { SITE, STORY } from '@/site';

const SITE_URL = 'https://springfieldhome.example';

describe('homeBusinessJsonLd', () => {
  const data = homeBusinessJsonLd(SITE_URL) as unknown as Record<string, unknown>;

  test('is a HomeAndConstructionBusiness with the business facts', () => {
    expect(data['@context']).toBe('https://schema.org');
    expect(data['@type']).toBe('HomeAndConstructionBusiness');
    expect(data['@id']).toBe(`${SITE_URL}/#business`);
    expect(data['name']).toBe('Springfield Home Maintenance');
    expect(data['telephone']).toBe('+14175550142');
    expect(data['email']).toBe('help@springfieldhome.example');
    expect(data['priceRange']).toBe('$15-$500');
    expect(data['url']).toBe(`${SITE_URL}/`);
  });

  test('a street address, postal code and coordinates from src/site.ts (docs/product/site.md#page-metadata)', () => {
    expect(data['address']).toMatchObject({
      '@type': 'PostalAddress',
      streetAddress: SITE.address.street,
      addressLocality: 'Springfield',
      addressRegion: 'MO',
      postalCode: SITE.address.postalCode,
      addressCountry: 'US',
    });
    expect(data['geo']).toEqual({
      '@type': 'GeoCoordinates',
      latitude: SITE.address.geo.latitude,
      longitude: SITE.address.geo.longitude,
    });
  });

  test('serves Springfield, the six towns and a 25-mile circle', () => {
    const areas = data['areaServed'] as Array<Record<string, unknown>>;
    const towns = areas.filter((a) => a['@type'] === 'City').map((a) => a['name']);
    expect(towns).toEqual([
      'Springfield, MO',
      'Nixa, MO',
      'Ozark, MO',
      'Republic, MO',
      'Willard, MO',
      'Battlefield, MO',
      'Strafford, MO',
    ]);
    const circle = areas.find((a) => a['@type'] === 'GeoCircle');
    expect(Number(circle?.['geoRadius'])).toBeCloseTo(25 * 1609.344, 0);
  });

  test('opening hours: Mon-Fri 8-6, Sat 9-4, Sunday (emergency only) not listed as open', () => {
    expect(data['openingHoursSpecification']).toEqual([
      {
        '@type': 'OpeningHoursSpecification',
        dayOfWeek: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'],
        opens: '08:00',
        closes: '18:00',
      },
      { '@type': 'OpeningHoursSpecification', dayOfWeek: ['Saturday'], opens: '09:00', closes: '16:00' },
    ]);
  });

  test('serializes without undefined values', () => {
    expect(serializeJsonLd(data)).not.toContain('undefined');
    expect(JSON.parse(serializeJsonLd(data))).toEqual(data);
  });
});

describe('serializeJsonLd', () => {
  test('cannot close the script element it sits in', () => {
    const out = serializeJsonLd({ name: '</script><script>alert(1)</script>' });
    expect(out).not.toContain('</script>');
    expect(JSON.parse(out)).toEqual({ name: '</script><script>alert(1)</script>' });
  });
});

test('site facts match docs/product/site.md#business-identity', () => {
  expect(SITE.area.towns).toEqual(['Nixa', 'Ozark', 'Republic', 'Willard', 'Battlefield', 'Strafford']);
  expect(SITE.area.radiusMiles).toBe(25);
  expect(SITE.hours.map((h) => `${h.days} ${h.display}`)).toEqual([
    'Mon-Fri 8:00 AM-6:00 PM',
    'Sat 9:00 AM-4:00 PM',
    'Sun Emergency only',
  ]);
});

describe('webPageJsonLd (docs/product/site.md#page-metadata)', () => {
  test('a page of its type with its breadcrumb, about the business', () => {
    const crumbs = [
      { name: 'Home', path: '/' },
      { name: 'About us', path: '/about' },
    ];
    const page = webPageJsonLd(
      { type: 'AboutPage', name: 'About Us', description: 'Who we are.', path: '/about', crumbs },
      SITE_URL,
    );
    expect(page).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'AboutPage',
      url: `${SITE_URL}/about`,
      about: { '@id': `${SITE_URL}/#business` },
      breadcrumb: { '@type': 'BreadcrumbList' },
    });
    const items = (page['breadcrumb'] as { itemListElement: unknown[] }).itemListElement;
    expect(items).toEqual([
      { '@type': 'ListItem', position: 1, name: 'Home', item: `${SITE_URL}/` },
      { '@type': 'ListItem', position: 2, name: 'About us', item: `${SITE_URL}/about` },
    ]);
    expect(page['breadcrumb']).not.toHaveProperty('@context');
  });
});

describe('howToJsonLd', () => {
  test('supplies are HowToSupply, tools HowToTool', () => {
    const howTo = howToJsonLd(
      {
        name: 'Change a filter',
        description: 'd',
        path: '/blog/x',
        totalTime: 'PT15M',
        supplies: ['A new filter'],
        tools: ['Flashlight'],
        steps: [{ name: 'Step', text: 'Do the thing carefully.' }],
      },
      SITE_URL,
    );
    expect(howTo['supply']).toEqual([{ '@type': 'HowToSupply', name: 'A new filter' }]);
    expect(howTo['tool']).toEqual([{ '@type': 'HowToTool', name: 'Flashlight' }]);
  });
});

test('articles name their author with the About page', () => {
  const article = articleJsonLd(
    {
      title: 'T',
      description: 'd',
      path: '/blog/x',
      publishedAt: new Date('2026-01-01'),
      updatedAt: new Date('2026-01-02'),
      category: 'c',
      tags: ['a'],
      readTime: 5,
    },
    SITE_URL,
  );
  expect(article['author']).toMatchObject({ name: STORY.author.name, url: `${SITE_URL}/about` });
});

test("an article's image is its own preview card, the brand card when it has none (docs/product/site.md#preview-images)", () => {
  const input = {
    title: 'T',
    description: 'd',
    path: '/blog/x',
    publishedAt: new Date('2026-01-01'),
    updatedAt: new Date('2026-01-02'),
    category: 'c',
    tags: ['a'],
    readTime: 5,
  };
  expect(articleJsonLd({ ...input, image: articleCardPath('x') }, SITE_URL)['image']).toBe(`${SITE_URL}/og/x.png`);
  expect(articleJsonLd(input, SITE_URL)['image']).toBe(`${SITE_URL}/og-default.png`);
});
