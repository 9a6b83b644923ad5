import { type Locator, type Page } from '@playwright/test';
import { fetchedToRun } from './network';
import { expect, test } from './test';
import { expectNoAxeViolations } from './a11y';
import { bringIntoView } from './scroll';

const PATH = '/blog/air-filter-types-guide';
const ALL_TYPES = [
  'Fiberglass',
  'Pleated',
  'High-Efficiency Pleated',
  'Washable',
  'Electrostatic',
  'Specialized',
] as const;

/** Scrolls the filter finder into view and waits until its island has hydrated. */
async function openFinder(page: Page): Promise<Locator> {
  const island = page.locator('astro-island[component-url*="FilterFinder"]');
  await bringIntoView(island);
  await expect(island).not.toHaveAttribute('ssr');
  return page.getByRole('form', { name: 'Filter finder' });
}

interface Answers {
  home: string;
  concern: string;
  age: string;
  budget: string;
}

async function answer(finder: Locator, { home, concern, age, budget }: Answers): Promise<void> {
  await finder.getByLabel('Home type').selectOption({ label: home });
  await finder.getByLabel('Primary concern').selectOption({ label: concern });
  await finder.getByLabel('System age').selectOption({ label: age });
  await finder.getByLabel('Or type an amount ($)').fill(budget);
}

/** The headings of the filter-type cards currently shown in the tab panel. */
function shownCards(page: Page): Locator {
  return page.getByRole('tabpanel').getByRole('heading', { level: 3 });
}

test.describe('air filter types guide', () => {
  // A 15-minute article: each axe pass over it takes several seconds when the machine is busy.
  test.slow();

  // Its sections and the ratings table are read from dist/ (tests/built/blog.test.ts).
  test('loads no React until the finder scrolls into view', async ({ page }) => {
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
    });
    await page.goto(PATH);
    await page.waitForLoadState('networkidle');
    // React may be fetched at idle to be ready on a jump (docs/product/performance.md#after-paint-loading), never run.
    expect((await fetchedToRun(page, scripts)).filter((url) => /client\.|react/.test(url))).toEqual([]);
    await expect(page.locator('astro-island:not([ssr])')).toHaveCount(0);
  });

  // Each expected pick follows the points of docs/product/tools.md#filter-finder (home + concern + budget + system age).
  const cases: { answers: Answers; pick: string; facts: [string, string, string]; why: RegExp }[] = [
    {
      // fiberglass 1 + 3 + 2 + 0 = 6, pleated 2 + 1 + 1 + 2 = 6: the tie goes to fiberglass
      answers: { home: 'Apartment or condo', concern: 'Keeping costs low', age: '5 to 15 years', budget: '10' },
      pick: 'Fiberglass',
      facts: ['MERV 1-4', '$3-8', '30 days'],
      why: /6 points, tied with Pleated/,
    },
    {
      // $15 crosses the first budget boundary: fiberglass 1 + 3 + 0 + 0 = 4, pleated 2 + 1 + 3 + 2 = 8
      answers: { home: 'Apartment or condo', concern: 'Keeping costs low', age: '5 to 15 years', budget: '15' },
      pick: 'Pleated',
      facts: ['MERV 5-8', '$8-20', '60-90 days'],
      why: /8 points, ahead of Fiberglass with 4/,
    },
    {
      // $25 is still "15 to 29": pleated 2 + 3 + 3 + 0 = 8, high efficiency 1 + 1 + 1 + 2 = 5
      answers: { home: 'House', concern: 'General air quality', age: 'Newer than 5 years', budget: '25' },
      pick: 'Pleated',
      facts: ['MERV 5-8', '$8-20', '60-90 days'],
      why: /8 points, ahead of High-Efficiency Pleated with 5/,
    },
    {
      // $30 is "30 or more": high efficiency 1 + 1 + 2 + 2 = 6, pleated 2 + 3 + 0 + 0 = 5
      answers: { home: 'House', concern: 'General air quality', age: 'Newer than 5 years', budget: '30' },
      pick: 'High-Efficiency Pleated',
      facts: ['MERV 9-12', '$15-40', '90 days'],
      why: /6 points, ahead of Pleated with 5/,
    },
    {
      // high efficiency 2 + 3 + 0 + 0 = 5 beats fiberglass 4, above a $10 budget
      answers: { home: 'Large house', concern: 'Allergies or asthma', age: 'Older than 15 years', budget: '10' },
      pick: 'High-Efficiency Pleated',
      facts: ['MERV 9-12', '$15-40', '90 days'],
      why: /above your \$10 budget/,
    },
  ];

  test('finder: disabled until the three questions are answered, the pick for each home, then the result announced, axe-clean and hidden again by any change', async ({
    page,
  }) => {
    await page.goto(PATH);
    const finder = await openFinder(page);
    const result = page.getByRole('region', { name: 'Your filter match' });
    await test.step('Find My Filter stays disabled until the three questions are answered', async () => {
      const button = finder.getByRole('button', { name: 'Find My Filter' });
      for (const label of ['Home type', 'Primary concern', 'System age']) {
        await expect(finder.getByLabel(label)).toHaveValue('');
        await expect(finder.getByLabel(label).locator('option').first()).toHaveText('Select...');
      }
      await expect(finder.getByRole('slider', { name: 'Budget per filter' })).toHaveValue('20');
      await expect(finder.getByRole('status')).toHaveText('$20');
      await expect(button).toBeDisabled();

      await finder.getByLabel('Home type').selectOption('house');
      await expect(button).toBeDisabled();
      await finder.getByLabel('Primary concern').selectOption('pets');
      await expect(button).toBeDisabled();
      await finder.getByLabel('System age').selectOption('new');
      await expect(button).toBeEnabled();
      await expect(page.getByRole('region', { name: 'Your filter match' })).toHaveCount(0);
    });

    for (const { answers, pick, facts, why } of cases) {
      await test.step(`${answers.home}, ${answers.concern}, $${answers.budget}, ${answers.age} -> ${pick}`, async () => {
        await answer(finder, answers);
        await expect(result).toHaveCount(0);
        await finder.getByRole('button', { name: 'Find My Filter' }).click();
        await expect(result.getByRole('heading', { level: 3 })).toHaveText(pick);
        await expect(result.getByRole('definition')).toHaveText(facts);
        await expect(result).toContainText(why);
      });
    }

    await test.step('the result is announced, axe-clean, and hidden again by any change', async () => {
      await answer(finder, cases[0]!.answers);
      await finder.getByRole('button', { name: 'Find My Filter' }).click();
      await expect(result).toBeVisible();
      await expect(result.locator('xpath=..')).toHaveAttribute('aria-live', 'polite');
      await expect(result.getByRole('link', { name: 'Compare all six filter types' })).toHaveAttribute(
        'href',
        '#filter-types',
      );
      await expectNoAxeViolations(page);

      await finder.getByLabel('System age').selectOption({ label: 'Newer than 5 years' });
      await expect(result).toHaveCount(0);
      await finder.getByRole('button', { name: 'Find My Filter' }).click();
      await expect(result).toBeVisible();
      await finder.getByRole('slider', { name: 'Budget per filter' }).fill('50');
      await expect(result).toHaveCount(0);

      // A typed amount off the $5 step is rounded, not refused: $17 counts as $15.
      await finder.getByLabel('Or type an amount ($)').fill('17');
      await finder.getByRole('button', { name: 'Find My Filter' }).click();
      await expect(result).toBeVisible();
      await expect(finder.getByLabel('Or type an amount ($)')).toHaveValue('15');
      await expect(finder.getByRole('status')).toHaveText('$15');
    });
  });

  test('finder: dropdowns, slider and typed budget work from the keyboard', async ({ page }) => {
    await page.goto(PATH);
    const finder = await openFinder(page);
    const slider = finder.getByRole('slider', { name: 'Budget per filter' });
    const typed = finder.getByLabel('Or type an amount ($)');
    const shown = finder.getByRole('status');

    await finder.getByLabel('Home type').focus();
    await page.keyboard.press('ArrowDown');
    await expect(finder.getByLabel('Home type')).toHaveValue('apartment');
    await page.keyboard.press('Tab');
    await expect(finder.getByLabel('Primary concern')).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(finder.getByLabel('Primary concern')).toHaveValue('cost');
    await page.keyboard.press('Tab');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await expect(finder.getByLabel('System age')).toHaveValue('medium');

    await page.keyboard.press('Tab');
    await expect(slider).toBeFocused();
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    await expect(slider).toHaveValue('10');
    await expect(slider).toHaveAttribute('aria-valuetext', '$10');
    await expect(shown).toHaveText('$10');
    await expect(typed).toHaveValue('10');
    await page.keyboard.press('End');
    await expect(shown).toHaveText('$100');
    await page.keyboard.press('Home');
    await expect(shown).toHaveText('$5');

    // The typed alternative (WCAG 2.5.7): rounds to the $5 step and stays within $5-100.
    await page.keyboard.press('Tab');
    await expect(typed).toBeFocused();
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type('17');
    await expect(slider).toHaveValue('15');
    await expect(shown).toHaveText('$15');
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type('250');
    await expect(shown).toHaveText('$100');
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type('10');
    await expect(shown).toHaveText('$10');
    await page.keyboard.press('Enter');
    const result = page.getByRole('region', { name: 'Your filter match' });
    await expect(result.getByRole('heading', { level: 3 })).toHaveText('Fiberglass');

    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.press('Backspace');
    await page.keyboard.press('Tab');
    // An emptied field is not a budget: the slider keeps its value and the field shows it again.
    await expect(typed).toHaveValue('10');
    await expect(finder.getByRole('button', { name: 'Find My Filter' })).toBeFocused();
    await expect(result).toBeVisible();
  });

  test('tabs: All Types by default with six cards; each tab shows its types; roving tabindex, arrow keys, Home and End', async ({
    page,
  }) => {
    await page.goto(PATH);
    // The tabs start when the reader comes near them.
    await bringIntoView(page.locator('#filter-types'));
    const tablist = page.getByRole('tablist', { name: 'Filter types' });
    await expect(tablist.getByRole('tab')).toHaveText([
      'All Types',
      'Basic',
      'Pleated',
      'High-Eff',
      'Washable',
      'Premium',
    ]);
    await expect(tablist.getByRole('tab', { selected: true })).toHaveText('All Types');
    await expect(shownCards(page)).toHaveText([...ALL_TYPES]);
    await expectNoAxeViolations(page);

    const expected: [string, string[]][] = [
      ['Basic', ['Fiberglass']],
      ['Pleated', ['Pleated']],
      ['High-Eff', ['High-Efficiency Pleated']],
      ['Washable', ['Washable']],
      ['Premium', ['Electrostatic', 'Specialized']],
      ['All Types', [...ALL_TYPES]],
    ];
    for (const [tab, types] of expected) {
      await tablist.getByRole('tab', { name: tab, exact: true }).click();
      await expect(tablist.getByRole('tab', { name: tab, exact: true })).toHaveAttribute('aria-selected', 'true');
      await expect(page.getByRole('tabpanel', { name: tab, exact: true })).toBeVisible();
      await expect(shownCards(page)).toHaveText(types);
    }
    const specialized = page.locator('[data-filter-type="specialized"]');
    await expect(specialized).toContainText('MERV 11-16');
    await expect(specialized).toContainText('$25-100+');
    await expect(specialized).toContainText('90-365 days');

    // Back on All Types, as a reader arriving finds it.
    await test.step('roving tabindex; arrow keys, Home and End move and select', async () => {
      const tab = (name: string) => tablist.getByRole('tab', { name, exact: true });
      await tab('All Types').focus();
      await expect(tablist.locator('[role="tab"][tabindex="0"]')).toHaveCount(1);
      await page.keyboard.press('ArrowRight');
      await expect(tab('Basic')).toBeFocused();
      await expect(shownCards(page)).toHaveText(['Fiberglass']);
      await page.keyboard.press('ArrowRight');
      await expect(tab('Pleated')).toBeFocused();
      await expect(shownCards(page)).toHaveText(['Pleated']);
      await page.keyboard.press('End');
      await expect(tab('Premium')).toBeFocused();
      await expect(shownCards(page)).toHaveText(['Electrostatic', 'Specialized']);
      await expect(tablist.locator('[role="tab"][tabindex="0"]')).toHaveText('Premium');
      await page.keyboard.press('ArrowRight');
      await expect(tab('All Types')).toBeFocused();
      await page.keyboard.press('ArrowLeft');
      await expect(tab('Premium')).toBeFocused();
      await page.keyboard.press('Home');
      await expect(tab('All Types')).toBeFocused();
      await expect(shownCards(page)).toHaveCount(6);
      await page.keyboard.press('Tab');
      await expect(page.getByRole('tabpanel', { name: 'All Types' })).toBeFocused();
    });
  });

  test.describe('without JavaScript', () => {
    test.use({ javaScriptEnabled: false });

    test('all six type cards are readable and the inert tab list is hidden', async ({ page }) => {
      await page.goto(PATH);
      await expect(page.getByRole('tablist')).toHaveCount(0);
      const cards = page.locator('[data-filter-type]');
      await expect(cards).toHaveCount(6);
      for (const card of await cards.all()) await expect(card).toBeVisible();
      await expect(cards.getByRole('heading', { level: 3 })).toHaveText([...ALL_TYPES]);
    });
  });

  test.describe('on a 320px-wide screen', () => {
    test.use({ viewport: { width: 320, height: 640 } });

    test('nothing scrolls sideways, with the finder result open', async ({ page }) => {
      await page.goto(PATH);
      const finder = await openFinder(page);
      await answer(finder, cases[0]!.answers);
      await finder.getByRole('button', { name: 'Find My Filter' }).click();
      await expect(page.getByRole('region', { name: 'Your filter match' })).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    });
  });
});
