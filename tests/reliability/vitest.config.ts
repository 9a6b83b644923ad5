/**
 * `npm run test:reliability`: bad input, abuse, payments, faults and headers run side by side
 * against their own server processes; the load run comes after, alone, so its latency figures
 * are not the other suites' noise. One summary table is printed at the end.
 */
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const alias = { '@': fileURLToPath(new URL('../../src', import.meta.url)) };
// Each suite starts real server processes; a suite takes minutes on a busy 2-core machine.
const timeouts = { testTimeout: 600_000, hookTimeout: 300_000 };

export default defineConfig({
  resolve: { alias },
  test: {
    reporters: ['default', './tests/reliability/summary-reporter.ts'],
    maxWorkers: 5,
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'reliability',
          // The suites mostly wait on their servers (restarts, leases, bcrypt there): run them side by side.
          maxWorkers: 5,
          include: ['tests/reliability/**/*.test.ts'],
          exclude: ['tests/reliability/load.test.ts'],
          environment: 'node',
          // The suites that start the integration harness's in-process server start from its migrated template.
          globalSetup: ['tests/integration/global-setup.ts'],
          sequence: { groupOrder: 0 },
          ...timeouts,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'load',
          include: ['tests/reliability/load.test.ts'],
          environment: 'node',
          // Its customer helpers import the integration harness, which needs the migrated template.
          globalSetup: ['tests/integration/global-setup.ts'],
          sequence: { groupOrder: 1 },
          ...timeouts,
        },
      },
    ],
  },
});
