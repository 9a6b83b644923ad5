import { mkdtempSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { e2eBrowser, NO_BROWSER } from './scripts/e2e-browser.ts';

/** Tests run against the built site served by the real Node server on its own port. */
const PORT = Number(process.env['E2E_PORT'] ?? 4329);
const browser = e2eBrowser();
if (!browser) throw new Error(NO_BROWSER);

/**
 * How much longer than on a quiet machine a wait may take: doubled while the machine is busier
 * than it has cores (another build or test run beside this one), and E2E_TIMEOUT_SCALE on top
 * for a slower machine still. Every wait is for a real signal; this only says how long to wait
 * for it before calling it a failure.
 */
// Decided once, like the data dir below, so the workers that re-read this file agree.
process.env['E2E_SCALE'] ??= String(
  Math.max(1, Number(process.env['E2E_TIMEOUT_SCALE'] ?? 1) || 1) *
    ((loadavg()[0] ?? 0) > availableParallelism() ? 2 : 1),
);
const SCALE = Number(process.env['E2E_SCALE']);
// A fresh database per run; set once so the workers that re-read this file reuse it.
process.env['E2E_DATA_DIR'] ??= mkdtempSync(join(tmpdir(), 'shm-e2e-'));

/** Desktop Chrome as the specs drive it: Playwright's own Chromium when installed, else the system's. */
const CHROMIUM = {
  ...devices['Desktop Chrome'],
  // scripts/e2e-browser.ts decides which.
  launchOptions: {
    ...(browser.kind === 'system' ? { executablePath: browser.executablePath } : {}),
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  },
};

export default defineConfig({
  testDir: 'tests/e2e',
  // The migrated data folder the specs' own servers copy (startServer's `template`).
  globalSetup: './tests/e2e/global-setup.ts',
  fullyParallel: true,
  forbidOnly: !!process.env['CI'],
  retries: 0,
  // Axe over a long article takes seconds on a 2-core machine that is also building.
  timeout: 60_000 * SCALE,
  // A sign-in redirect, a checkout tab or a hydrated island can take several seconds under load.
  expect: { timeout: 15_000 * SCALE },
  workers: 2,
  reporter: process.env['CI'] ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    // A failed test keeps its trace: every action with the page's DOM before and after it, the
    // network and the console. Without the screencast: filming every test cost a fifth of the
    // suite's time on a 2-core machine (the sweep alone: 134 s filmed, 110 s not). For a film strip
    // of a failure, run the spec again with `--trace on`.
    trace: { mode: 'retain-on-failure', screenshots: false },
    actionTimeout: 15_000 * SCALE,
    navigationTimeout: 30_000 * SCALE,
  },
  projects: [{ name: 'chromium', use: CHROMIUM }],
  webServer: {
    command: 'node server/index.ts',
    url: `http://127.0.0.1:${PORT}/`,
    // The specs book many visits for the same morning: the most a window may take (the capacity
    // spec sets its own on the desk, for a window no other spec books).
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: process.env['E2E_DATA_DIR'],
      VISITS_PER_WINDOW: '20',
      // The business's review link, for the review requests (docs/product/emails.md#review-requests).
      REVIEW_URL: 'https://g.page/r/springfield-home-e2e/review',
    },
    reuseExistingServer: false,
    timeout: 60_000 * SCALE,
  },
});
