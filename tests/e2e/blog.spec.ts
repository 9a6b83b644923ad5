/**
 * The blog in a browser: the header's Blog menu reaches an article. What the index, the articles
 * and the feed hold is read from dist/ by tests/built/blog.test.ts; axe checks every page in
 * a11y-sweep.spec.ts.
 */
import { expect, test } from './test';

test.describe('blog index', () => {
  test('the header menu reaches the first article', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Blog' }).click();
    await page.locator('#blog-menu').getByRole('link').first().click();
    await expect(page).toHaveURL(/\/blog\/air-filter-replacement-guide$/);
  });
});
