import { expect, test } from './test';

test('an unknown path shows the not-found page with status 404 and logs the path', async ({ page }) => {
  const logged = page.waitForEvent('console', (msg) => msg.text().includes('/services/no-such-service'));
  const response = await page.goto('/services/no-such-service');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('404');
  await expect(page.getByText('Oops! Page not found')).toBeVisible();
  expect((await logged).text()).toContain('non-existent route');
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex, nofollow');
  await page.getByRole('link', { name: 'Return to Home' }).click();
  await expect(page).toHaveURL(/\/$/);
});
