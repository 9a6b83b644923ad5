/**
 * The browser the end-to-end tests run, found before `npm test` spends minutes on the steps
 * before them (package.json `pretest`): Playwright's own Chromium when it is installed, else the
 * system's (Debian's /usr/bin/chromium, which .ci/run installs), else one line naming the
 * commands that install one, and exit code 1. playwright.config.ts uses the same choice.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';

/** Debian's Chromium. */
export const SYSTEM_CHROMIUM = '/usr/bin/chromium';

/** The line printed when there is no browser. */
export const NO_BROWSER =
  'No browser for the end-to-end tests: run `npx playwright install chromium` (or `apt-get install chromium`), then `npm test` again.';

/** Which Chromium to launch: Playwright's own (no path needed), the system's, or none. */
export type E2eBrowser = { kind: 'playwright' } | { kind: 'system'; executablePath: string } | null;

/** The e2e browser on this machine; `exists` and `playwrightPath` are for tests. */
export function e2eBrowser(
  exists: (path: string) => boolean = existsSync,
  playwrightPath: string = chromium.executablePath(),
): E2eBrowser {
  if (exists(playwrightPath)) return { kind: 'playwright' };
  if (exists(SYSTEM_CHROMIUM)) return { kind: 'system', executablePath: SYSTEM_CHROMIUM };
  return null;
}

if (process.argv[1] === fileURLToPath(import.meta.url) && !e2eBrowser()) {
  console.error(NO_BROWSER);
  process.exit(1);
}
