import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { e2eBrowser, NO_BROWSER, SYSTEM_CHROMIUM } from '../../../scripts/e2e-browser.ts';

const OWN = '/root/.cache/ms-playwright/chromium-1234/chrome-linux/chrome';

describe('e2eBrowser', () => {
  test("Playwright's own Chromium first, then the system's, else none", () => {
    expect(e2eBrowser(() => true, OWN)).toEqual({ kind: 'playwright' });
    expect(e2eBrowser((path) => path === SYSTEM_CHROMIUM, OWN)).toEqual({
      kind: 'system',
      executablePath: SYSTEM_CHROMIUM,
    });
    expect(e2eBrowser(() => false, OWN)).toBeNull();
  });

  test('the line for a machine without one names the commands that install one', () => {
    expect(NO_BROWSER).toBe(
      'No browser for the end-to-end tests: run `npx playwright install chromium` (or `apt-get install chromium`), then `npm test` again.',
    );
    expect(NO_BROWSER.split('\n')).toHaveLength(1);
  });

  test('`npm test` checks first (pretest), and this machine passes', () => {
    const pkg = JSON.parse(readFileSync(join(import.meta.dirname, '../../../package.json'), 'utf8')) as {
      scripts: Record<string, string>;
    };
    expect(pkg.scripts['pretest']).toBe('node scripts/e2e-browser.ts');
    const result = spawnSync(process.execPath, [join(import.meta.dirname, '../../../scripts/e2e-browser.ts')]);
    expect(result.status).toBe(0);
    expect(result.stderr.toString()).toBe('');
  });
});
