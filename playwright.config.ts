import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';

/** Tests run against the built site served by the real Node server on its own port. */
const PORT = Number(process.env['E2E_PORT'] ?? 4329);
const SYSTEM_CHROMIUM = '/usr/bin/chromium';
// A fresh database per run; set once so the workers that re-read this file reuse it.
process.env['E2E_DATA_DIR'] ??= mkdtempSync(join(tmpdir(), 'shm-e2e-'));

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  forbidOnly: !!process.env['CI'],
  retries: 0,
  // Axe over a long article takes seconds on a 2-core machine that is also building.
  timeout: 60_000,
  workers: 2,
  reporter: process.env['CI'] ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    trace: 'retain-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        // Playwright cannot download its own browser here; Debian's Chromium is used instead.
        launchOptions: {
          ...(existsSync(SYSTEM_CHROMIUM) ? { executablePath: SYSTEM_CHROMIUM } : {}),
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
      },
    },
  ],
  webServer: {
    command: 'node server/index.ts',
    url: `http://127.0.0.1:${PORT}/`,
    env: { PORT: String(PORT), HOST: '127.0.0.1', DATA_DIR: process.env['E2E_DATA_DIR'] },
    reuseExistingServer: false,
    timeout: 60_000,
  },
});
