import { expect, test } from './test';
import { expectNoAxeViolations } from './a11y';

const ARTICLES: ReadonlyArray<readonly [name: string, href: string]> = [
  ['Air Filter Replacement Guide', '/blog/air-filter-replacement-guide'],
  ['How to Change an Air Filter', '/blog/how-to-change-air-filter'],
  ['Hidden Costs of a Neglected Filter', '/blog/hidden-costs-neglecting-air-filter'],
  ['DIY vs Professional Service', '/blog/diy-vs-professional-air-filter'],
  ['Air Filter Types Guide', '/blog/air-filter-types-guide'],
  ['View All Articles', '/blog'],
];

test.describe('header on a desktop screen', () => {
  test('section anchors scroll to their sections', async ({ page }) => {
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    for (const [name, id] of [
      ['Autopilot Plans', 'autopilot'],
      ['Contact', 'contact'],
    ] as const) {
      const link = nav.getByRole('link', { name, exact: true });
      await expect(link).toHaveAttribute('href', `#${id}`);
      await link.click();
      await expect(page).toHaveURL(new RegExp(`#${id}$`));
      await expect(page.locator(`#${id}`)).toBeInViewport();
    }
  });

  test("'Services' leads to the services hub, which it then marks as the page shown", async ({ page }) => {
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: 'Services', exact: true }).click();
    await expect(page).toHaveURL(/\/services$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Services', exact: true })).toHaveAttribute('aria-current', 'page');
  });

  test('Blog dropdown opens by mouse and lists the five articles and View All Articles; by keyboard Enter opens, Escape closes and returns focus', async ({
    page,
  }) => {
    await page.goto('/');
    const button = page.getByRole('button', { name: 'Blog' });
    await test.step('by mouse', async () => {
      await expect(button).toHaveAttribute('aria-expanded', 'false');
      await button.click();
      await expect(button).toHaveAttribute('aria-expanded', 'true');
      const menu = page.locator('#blog-menu');
      for (const [name, href] of ARTICLES) {
        await expect(menu.getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
      }
      await expectNoAxeViolations(page);
      await page.getByRole('heading', { level: 1 }).click();
      await expect(menu).toBeHidden();
    });

    await test.step('by keyboard', async () => {
      await button.focus();
      await page.keyboard.press('Enter');
      await expect(page.locator('#blog-menu')).toBeVisible();
      await page.keyboard.press('Tab');
      await expect(page.getByRole('link', { name: 'Air Filter Replacement Guide' })).toBeFocused();
      await page.keyboard.press('Escape');
      await expect(page.locator('#blog-menu')).toBeHidden();
      await expect(button).toBeFocused();
      // Tabbing out of the open menu closes it too.
      await page.keyboard.press('Space');
      await expect(page.locator('#blog-menu')).toBeVisible();
      for (let i = 0; i < ARTICLES.length + 1; i++) await page.keyboard.press('Tab');
      await expect(page.locator('#blog-menu')).toBeHidden();
    });
  });

  test('phone link, Sign In slot and Schedule Service button', async ({ page }) => {
    await page.goto('/');
    const header = page.getByRole('banner');
    await expect(header.getByRole('link', { name: /Call us/ })).toHaveAttribute('href', 'tel:+14175550142');
    await expect(header.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/auth');
    await header.getByRole('link', { name: 'Schedule Service' }).click();
    await expect(page).toHaveURL(/#contact$/);
  });

  test('off the home page, anchors lead back to the home page sections', async ({ page }) => {
    await page.goto('/no-such-page');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'Autopilot Plans', exact: true })).toHaveAttribute(
      'href',
      '/#autopilot',
    );
    await nav.getByRole('link', { name: 'Contact', exact: true }).click();
    await expect(page).toHaveURL(/\/#contact$/);
    await expect(page.locator('#contact')).toBeInViewport();
  });
});

test.describe('header on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('mobile menu opens and closes by mouse, works by keyboard and closes when a section link is followed', async ({
    page,
  }) => {
    await page.goto('/');
    const toggle = page.getByRole('button', { name: 'Menu' });
    const menu = page.getByRole('navigation', { name: 'Mobile' });
    await test.step('by mouse', async () => {
      await expect(menu).toBeHidden();
      await toggle.click();
      await expect(toggle).toHaveAttribute('aria-expanded', 'true');
      await expect(menu).toBeVisible();
      for (const [name] of ARTICLES) await expect(menu.getByRole('link', { name, exact: true })).toBeVisible();
      await expectNoAxeViolations(page);
      await toggle.click();
      await expect(menu).toBeHidden();
    });

    await test.step('by keyboard, and a section link followed closes it', async () => {
      await toggle.focus();
      await page.keyboard.press('Enter');
      await expect(menu).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(menu).toBeHidden();
      await expect(toggle).toBeFocused();
      await page.keyboard.press('Enter');
      await menu.getByRole('link', { name: 'Autopilot Plans' }).click();
      await expect(menu).toBeHidden();
      await expect(page).toHaveURL(/#autopilot$/);
      await expect(page.getByRole('heading', { name: 'Autopilot Plans', level: 2 })).toBeInViewport();
    });
  });
});
