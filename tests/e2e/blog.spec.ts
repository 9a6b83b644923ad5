import { expect, test } from './test';
import { expectNoAxeViolations } from './a11y';

const ARTICLES = [
  { path: '/blog/air-filter-replacement-guide', readTime: 8, featured: true, type: 'BlogPosting' },
  { path: '/blog/how-to-change-air-filter', readTime: 6, featured: true, type: 'HowTo' },
  { path: '/blog/hidden-costs-neglecting-air-filter', readTime: 10, featured: true, type: 'BlogPosting' },
  { path: '/blog/diy-vs-professional-air-filter', readTime: 12, featured: false, type: 'BlogPosting' },
  { path: '/blog/air-filter-types-guide', readTime: 15, featured: false, type: 'BlogPosting' },
];

test.describe('blog index', () => {
  test('features the first three articles and lists the other two under All Articles', async ({ page }) => {
    await page.goto('/blog');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Home Maintenance Blog');
    const featured = page
      .getByRole('region', { name: 'Featured Articles' })
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading') });
    const all = page
      .getByRole('region', { name: 'All Articles' })
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading') });
    await expect(featured).toHaveCount(3);
    await expect(all).toHaveCount(2);
    const hrefs = async (list: typeof featured) =>
      list
        .getByRole('heading')
        .getByRole('link')
        .evaluateAll((as) => as.map((a) => a.getAttribute('href')));
    expect(await hrefs(featured)).toEqual(ARTICLES.filter((a) => a.featured).map((a) => a.path));
    expect(await hrefs(all)).toEqual(ARTICLES.filter((a) => !a.featured).map((a) => a.path));
    const cards = page
      .getByRole('main')
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading') });
    for (const [i, article] of ARTICLES.entries()) {
      const card = cards.nth(i);
      await expect(card).toContainText(`${article.readTime} min read`);
      await expect(card.getByRole('list', { name: 'Tags' }).getByRole('listitem').first()).toBeVisible();
    }
    const blog = JSON.parse(
      (await page.locator('script[type="application/ld+json"]').first().textContent()) ?? '{}',
    ) as Record<string, unknown>;
    expect(blog['@type']).toBe('Blog');
    expect(blog['blogPost']).toHaveLength(5);
    await expectNoAxeViolations(page);
  });

  test('each article renders with its JSON-LD and read time, and the header menu reaches it', async ({ page }) => {
    for (const article of ARTICLES) {
      const response = await page.goto(article.path);
      expect(response?.status(), article.path).toBe(200);
      await expect(page.getByRole('main')).toContainText(`${article.readTime} min read`);
      const types = (await page.locator('script[type="application/ld+json"]').allTextContents()).map(
        (t) => (JSON.parse(t) as { '@type': string })['@type'],
      );
      expect(types, article.path).toContain('BlogPosting');
      expect(types, article.path).toContain(article.type);
      expect(types, article.path).toContain('BreadcrumbList');
    }
    await page.goto('/');
    await page.getByRole('button', { name: 'Blog' }).click();
    await page.locator('#blog-menu').getByRole('link').first().click();
    await expect(page).toHaveURL(/\/blog\/air-filter-replacement-guide$/);
  });

  test('RSS feed lists the five articles', async ({ request }) => {
    const res = await request.get('/rss.xml');
    expect(res.status()).toBe(200);
    const xml = await res.text();
    expect(xml).toContain('<rss');
    for (const article of ARTICLES) expect(xml).toContain(`${article.path}</link>`);
  });
});
