/**
 * What the blog's pages hold, read from dist/ (docs/product/blog.md#blog): the index and its cards,
 * each article's head, structured data and fixed content (tables, sections, steps, links), the
 * printable guides and the RSS feed. The tools, the dialogs and everything a reader does with them
 * are the browser's: tests/e2e/blog.spec.ts and tests/e2e/blog-<slug>.spec.ts.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { QUESTIONS } from '@/features/diy-quiz/quiz';
import {
  attr,
  builtPage,
  byExactText,
  byRole,
  byTag,
  byText,
  canonical,
  DIST,
  hrefs,
  jsonLd,
  meta,
  oneByRole,
  parentOf,
  servedFile,
  shownByMarkup,
  showsText,
  text,
  title,
  type BuiltPage,
  type Element,
} from './dom';

const ARTICLES = [
  { path: '/blog/air-filter-replacement-guide', readTime: 8, featured: true, type: 'BlogPosting' },
  { path: '/blog/how-to-change-air-filter', readTime: 6, featured: true, type: 'HowTo' },
  { path: '/blog/hidden-costs-neglecting-air-filter', readTime: 10, featured: true, type: 'BlogPosting' },
  { path: '/blog/diy-vs-professional-air-filter', readTime: 12, featured: false, type: 'BlogPosting' },
  { path: '/blog/air-filter-types-guide', readTime: 15, featured: false, type: 'BlogPosting' },
];

const h1 = (page: BuiltPage) => byRole(page.document, 'heading', { level: 1 }).map(text);
const main = (page: BuiltPage) => oneByRole(page.document, 'main');
const ofType = (page: BuiltPage, type: string) => jsonLd(page).find((d) => d['@type'] === type);
const types = (page: BuiltPage) => jsonLd(page).map((d) => d['@type']);
/** The rows of a table's body. */
const bodyRows = (table: Element) => byTag(table, 'tbody').flatMap((body) => byRole(body, 'row'));
/** The cells (td) of a row, as text. */
const cells = (row: Element) => byRole(row, 'cell').map(text);
/** The one row of a table whose name matches. */
const row = (table: Element, name: RegExp) => oneByRole(table, 'row', { name });

describe('blog index', () => {
  const index = () => builtPage('/blog');
  /** The list items with a heading in a region, as the cards of the index. */
  const cards = (root: Element) => byRole(root, 'listitem').filter((item) => byRole(item, 'heading').length > 0);

  test('features the first three articles and lists the other two under All Articles', () => {
    expect(h1(index())).toEqual(['Home Maintenance Blog']);
    const featured = cards(oneByRole(index().document, 'region', { name: 'Featured Articles' }));
    const rest = cards(oneByRole(index().document, 'region', { name: 'All Articles' }));
    expect(featured).toHaveLength(3);
    expect(rest).toHaveLength(2);
    const headingLinks = (list: Element[]) =>
      list.flatMap((card) => byRole(card, 'heading').flatMap((h) => hrefs(byRole(h, 'link'))));
    expect(headingLinks(featured)).toEqual(ARTICLES.filter((a) => a.featured).map((a) => a.path));
    expect(headingLinks(rest)).toEqual(ARTICLES.filter((a) => !a.featured).map((a) => a.path));
    const all = cards(main(index()));
    for (const [i, article] of ARTICLES.entries()) {
      const card = all[i]!;
      expect(text(card), article.path).toContain(`${article.readTime} min read`);
      const [firstTag] = byRole(oneByRole(card, 'list', { name: 'Tags' }), 'listitem');
      expect(firstTag && shownByMarkup(firstTag), `${article.path} shows a tag`).toBe(true);
    }
    const [blog] = jsonLd(index());
    expect(blog?.['@type']).toBe('Blog');
    expect(blog?.['blogPost']).toHaveLength(5);
  });

  test('each article renders with its JSON-LD and read time', () => {
    for (const article of ARTICLES) {
      const page = builtPage(article.path);
      expect(text(main(page)), article.path).toContain(`${article.readTime} min read`);
      expect(types(page), article.path).toContain('BlogPosting');
      expect(types(page), article.path).toContain(article.type);
      expect(types(page), article.path).toContain('BreadcrumbList');
    }
  });

  test('RSS feed lists the five articles', () => {
    const xml = readFileSync(join(DIST, 'rss.xml'), 'utf8');
    expect(xml).toContain('<rss');
    for (const article of ARTICLES) expect(xml).toContain(`${article.path}</link>`);
  });
});

describe('air filter replacement guide', () => {
  const PATH = '/blog/air-filter-replacement-guide';
  const page = () => builtPage(PATH);

  test('head: title, description, canonical, BlogPosting and FAQPage JSON-LD', () => {
    // Within 60 characters (docs/product/site.md#page-metadata); the heading keeps the article's full name.
    expect(title(page())).toBe('How Often to Change Your Air Filter: Schedule Guide');
    expect(h1(page())).toEqual(['Air Filter Replacement Guide: How Often to Change Your Air Filter']);
    expect(showsText(page().document, '8 min read')).toBe(true);
    expect(canonical(page())).toMatch(new RegExp(`${PATH}$`));
    const description = meta(page(), 'description');
    expect(description?.length).toBeGreaterThanOrEqual(50);
    expect(description?.length).toBeLessThanOrEqual(160);

    const article = ofType(page(), 'BlogPosting');
    expect(article?.['headline']).toBe('Air Filter Replacement Guide: How Often to Change Your Air Filter');
    expect(article?.['datePublished']).toBe('2026-09-15T00:00:00.000Z');
    expect(article?.['dateModified']).toBe('2026-11-25T00:00:00.000Z');
    expect(article?.['timeRequired']).toBe('PT8M');
    const questions = (ofType(page(), 'FAQPage')?.['mainEntity'] ?? []) as { name: string }[];
    expect(questions.length).toBeGreaterThanOrEqual(5);
    // Every question in the structured data is also on the page.
    for (const q of questions) expect(byExactText(page().document, q.name), q.name).not.toHaveLength(0);
  });

  test('filter-type table lists 30 days, 60-90, 90 and 6-12 months by type', () => {
    const table = oneByRole(page().document, 'table', { name: /Replacement intervals by filter type/ });
    const rows = bodyRows(table);
    expect(rows).toHaveLength(4);
    const expected = [
      ['Basic fiberglass', 'MERV 1-4', '30 days'],
      ['Pleated', 'MERV 5-8', '60-90 days'],
      ['High-efficiency pleated', 'MERV 9-12', '90 days'],
      ['HEPA', 'Beyond MERV 16', '6-12 months'],
    ] as const;
    for (const [i, [type, merv, frequency]] of expected.entries()) {
      expect(byRole(rows[i]!, 'rowheader').map(text).join(' ')).toContain(type);
      expect(cells(rows[i]!).slice(0, 2)).toEqual([merv, frequency]);
    }
    expect(byRole(table, 'columnheader').map(text)).toEqual([
      'Filter type',
      'MERV range',
      'Replace every',
      'Cost tier',
      'Efficiency',
    ]);
  });

  test('printable schedule guide: the days between changes for every filter type and household', () => {
    const guide = builtPage('/guides/air-filter-schedule');
    expect(meta(guide, 'robots')).toContain('noindex');
    expect(h1(guide)).toEqual(['Air Filter Schedule Guide']);
    const table = (name: RegExp) => oneByRole(guide.document, 'table', { name });
    expect(cells(row(table(/^Pleated filter/), /^1-2 people, no pets/))).toEqual(['75', '60', '45']);
    expect(cells(row(table(/^HEPA filter/), /^5 or more people, two or more pets/))).toEqual(['54', '43', '32']);
    expect(cells(row(table(/^Basic fiberglass filter/), /^5 or more people, two or more pets/))).toEqual([
      '15',
      '15',
      '15',
    ]);
    expect(shownByMarkup(oneByRole(guide.document, 'table', { name: 'Record of each filter change' }))).toBe(true);
  });
});

describe('air filter types guide', () => {
  const page = () => builtPage('/blog/air-filter-types-guide');
  const heading = (level: number, name: string) => byRole(page().document, 'heading', { level, name, exact: true });

  test('sections and the ratings table', () => {
    expect(h1(page())).toEqual(['Air Filter Types Explained: Which Filter Is Right for Your Home?']);
    expect(showsText(page().document, '15 min read')).toBe(true);
    for (const name of [
      'MERV, FPR and MPR: the ratings decoded',
      'Find your filter',
      'The six types of air filters',
      'Choosing for your situation',
      'Four air filter myths',
      'Seasonal notes for the Ozarks',
      'Frequently Asked Questions',
    ]) {
      expect(heading(2, name), name).not.toHaveLength(0);
    }
    for (const name of ['Allergies and asthma', 'Pets', 'Young children', 'An older system']) {
      expect(heading(3, name), name).not.toHaveLength(0);
    }
    expect(byRole(page().document, 'heading', { level: 3, name: /^Myth \d:/ })).toHaveLength(4);
    for (const name of ['Spring: tree pollen', 'Summer: humidity and long run times', 'Winter: the furnace season']) {
      expect(heading(3, name), name).not.toHaveLength(0);
    }

    const table = oneByRole(page().document, 'table', {
      name: 'Approximate matches between the three filter rating scales',
    });
    expect(byRole(table, 'columnheader').map(text)).toEqual([
      expect.stringMatching(/^MERV/),
      expect.stringMatching(/^FPR/),
      expect.stringMatching(/^MPR/),
      'What it catches',
    ]);
    const rows = bodyRows(table);
    expect(rows).toHaveLength(4);
    expect(rows.map((r) => byRole(r, 'rowheader').map(text).join(''))).toEqual(['1-4', '5-8', '9-12', '13-16']);
    expect(cells(rows[3]!)[0]).toBe('10');
  });
});

describe('DIY vs professional', () => {
  const page = () => builtPage('/blog/diy-vs-professional-air-filter');

  test('the article with its FAQ and structured data', () => {
    expect(h1(page())).toEqual(['DIY vs. Professional Air Filter Replacement: Which Fits Your Home?']);
    expect(showsText(page().document, '12 min read')).toBe(true);
    const [faq] = byRole(page().document, 'heading', { name: 'Frequently Asked Questions' });
    expect(faq && shownByMarkup(faq)).toBe(true);
    expect(types(page())).toEqual(expect.arrayContaining(['BlogPosting', 'FAQPage']));
  });

  test('the printable guide page', () => {
    const guide = builtPage('/guides/diy-vs-professional');
    expect(meta(guide, 'robots')).toBe('noindex, nofollow');
    expect(h1(guide)).toEqual(['DIY vs Professional Air Filter Guide']);
    expect(cells(oneByRole(guide.document, 'row', { name: /5-year total/ }))).toEqual(['$2,090', '$1,700']);
    for (const q of QUESTIONS) expect(showsText(guide.document, q.question), q.question).toBe(true);
  });
});

describe('hidden costs of neglecting an air filter', () => {
  const page = () => builtPage('/blog/hidden-costs-neglecting-air-filter');

  test('publishes BlogPosting and FAQPage JSON-LD', () => {
    expect(ofType(page(), 'BlogPosting')).toMatchObject({
      headline: 'The Hidden Costs of Neglecting Your Air Filter',
      articleSection: 'Cost Analysis',
      timeRequired: 'PT10M',
      datePublished: '2026-10-01T00:00:00.000Z',
      dateModified: '2026-11-25T00:00:00.000Z',
    });
    expect(ofType(page(), 'FAQPage')?.['mainEntity']).toHaveLength(5);
    expect(h1(page())).toEqual(['The Hidden Costs of Neglecting Your Air Filter']);
    expect(showsText(page().document, '10 min read')).toBe(true);
  });

  test('three scenarios show their prevention costs and computed savings', () => {
    const [scenarios] = byRole(page().document, 'heading', { level: 2, name: 'Three real-world scenarios' });
    expect(scenarios && shownByMarkup(scenarios)).toBe(true);
    for (const [name, months, prevention, neglect, savings] of [
      ['The filter nobody knew about', 8, '$48', '$4,470', '$4,422'],
      ['Two dogs and a twice-a-year habit', 6, '$72', '$3,557', '$3,485'],
      ['The allergy upgrade that backfired', 12, '$144', '$8,658', '$8,514'],
    ] as const) {
      const table = oneByRole(page().document, 'table', { name });
      expect(byTag(table, 'caption').map(text)).toEqual([`Estimated cost of ${months} months of neglect`]);
      expect(text(row(table, /^Cost of neglect/))).toContain(neglect);
      expect(text(row(table, /^Prevention: a year of filters/))).toContain(prevention);
      expect(text(row(table, /^Savings from changing filters on time/))).toContain(savings);
    }
    // Both prevention readings are explained where they are used.
    const [label] = byText(page().document, 'Two prevention figures, two meanings');
    const readings = text(parentOf(label!)!);
    expect(readings).toContain('$420 a year is the price of a year of Autopilot Lite paid in advance');
    expect(readings).toContain('$48, $72, and $144');
  });

  test('eight warning signs with their severity, and a four-step recovery plan', () => {
    const signs = byRole(
      oneByRole(page().document, 'list', { name: 'Warning signs, from mild to serious' }),
      'listitem',
    );
    expect(signs).toHaveLength(8);
    const severity = (level: string) => signs.filter((sign) => text(sign).includes(`Severity: ${level}`));
    expect(severity('Low')).toHaveLength(2);
    expect(severity('Medium')).toHaveLength(4);
    expect(severity('High')).toHaveLength(2);
    const heading = oneByRole(page().document, 'heading', { level: 2, name: 'A four-step recovery plan' });
    const siblings = parentOf(heading)!.childNodes.filter((n): n is Element => 'tagName' in n);
    const plan = siblings.slice(siblings.indexOf(heading) + 1).find((el) => el.tagName === 'ol');
    expect(byRole(plan!, 'listitem')).toHaveLength(4);
  });

  test('links to the Autopilot plans page', () => {
    const links = byRole(main(page()), 'link', { name: /Autopilot plans/i });
    expect(links.length).toBeGreaterThanOrEqual(2);
    for (const href of hrefs(links)) expect(href).toBe('/services/autopilot-plans');
  });
});

describe('how to change an air filter', () => {
  const PATH = '/blog/how-to-change-air-filter';
  const page = () => builtPage(PATH);

  test('hero: badges, no video button, checklist download', () => {
    expect(h1(page())[0]).toMatch(/^How to Change an Air Filter/);
    for (const badge of ['Beginner Friendly', '10-15 Minutes']) {
      expect(byExactText(page().document, badge).some(shownByMarkup), badge).toBe(true);
    }
    // docs/product/blog.md#how-to-change-an-air-filter: 'Watch Video Guide' stays hidden until a video exists.
    expect(byRole(page().document, 'button', { name: /watch video guide/i })).toHaveLength(0);
    expect(byText(page().document, /watch video guide/i)).toHaveLength(0);
    const [download] = byRole(page().document, 'button', { name: 'Download Checklist' });
    expect(download && shownByMarkup(download)).toBe(true);
    expect(showsText(page().document, '6 min read')).toBe(true);
  });

  test('publishes HowTo and BlogPosting JSON-LD whose step URLs resolve on the page', () => {
    expect(ofType(page(), 'BlogPosting')).toBeDefined();
    const howTo = ofType(page(), 'HowTo');
    expect(howTo?.['totalTime']).toBe('PT15M');
    // The new filter is used up (a supply); the five others stay to hand (tools).
    expect(howTo?.['supply']).toEqual([
      { '@type': 'HowToSupply', name: 'Replacement air filter in the size printed on the old one' },
    ]);
    expect(howTo?.['tool']).toHaveLength(5);
    const steps = howTo?.['step'] as { name: string; text: string; url: string }[];
    expect(steps).toHaveLength(6);
    for (const [index, step] of steps.entries()) {
      expect(step.url).toMatch(new RegExp(`${PATH}#step-${index + 1}$`));
      const [onPage] = byTag(page().document, 'li', 'div', 'section').filter(
        (el) => attr(el, 'id') === `step-${index + 1}`,
      );
      expect(byRole(onPage!, 'heading', { level: 3 }).map(text).join(' ')).toContain(step.name);
      expect(text(onPage!)).toContain(step.text);
    }
  });

  test('filter locations with their shares, and six steps with duration, difficulty and pro tip', () => {
    for (const [name, share] of [
      ['Behind a return-air grille', '70%'],
      ['At the furnace or air handler', '20%'],
      ['Somewhere else', '10%'],
    ] as const) {
      const cards = byRole(page().document, 'listitem').filter(
        (item) => byRole(item, 'heading', { name, exact: true }).length > 0,
      );
      expect(cards.map(text).join(' | '), name).toContain(share);
    }
    const list = oneByRole(page().document, 'list', { name: 'Steps' });
    const steps = list.childNodes.filter((n): n is Element => 'tagName' in n && n.tagName === 'li');
    expect(steps).toHaveLength(6);
    for (const step of steps) {
      expect(text(step)).toMatch(/Duration:\s*\d+ minutes?/);
      expect(text(step)).toMatch(/Difficulty:\s*(Easy|Moderate)/);
      expect(text(step)).toContain('Pro tip:');
    }
    expect(text(steps[0]!)).toContain('1 minute');
    // Warnings are optional: some steps have one, some do not.
    expect(steps.filter((step) => text(step).includes('Warning:'))).toHaveLength(3);
  });

  test('calls to action lead to the Autopilot plans and air filter replacement pages', () => {
    for (const [name, href] of [
      ['See Autopilot Plans', '/services/autopilot-plans'],
      ['Book a Filter Replacement', '/services/air-filter-replacement'],
    ] as const) {
      expect(hrefs(byRole(main(page()), 'link', { name })), name).toEqual([href]);
      expect(servedFile(href), href).toBe(true);
    }
  });

  test('the downloaded guide is a printable checklist kept out of search', () => {
    const guide = builtPage('/guides/air-filter-checklist');
    expect(meta(guide, 'robots')).toMatch(/noindex/);
    expect(h1(guide)).toEqual(['Air Filter Replacement Checklist']);
    const region = (name: string) => oneByRole(guide.document, 'region', { name, exact: true });
    expect(byRole(region('Checklist'), 'listitem')).toHaveLength(9);
    expect(byRole(region('The six steps'), 'listitem')).toHaveLength(6);
    expect(byRole(region('Filter change log'), 'row')).toHaveLength(7);
  });
});
