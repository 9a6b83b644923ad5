/**
 * Three projects: `unit` (tests/unit, pure functions, milliseconds), `built` (tests/built, the
 * built pages as files, after `npm run build`) and `integration` (tests/integration, real
 * databases, emulators and server processes). `npm run test:unit`, `npm run test:html` (with
 * html-validate) and `npm run test:integration` run one each. The reliability suites
 * have their own config (tests/reliability/vitest.config.ts).
 */
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const alias = { '@': fileURLToPath(new URL('./src', import.meta.url)) };

export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts'],
          environment: 'node',
          // Pure modules: one worker thread per core, each file's modules kept between files (a
          // third of the time the run took with a process and fresh modules per file).
          pool: 'threads',
          isolate: false,
          // A few checks read the whole repository (citations, the shared core); a busy machine
          // can stretch them past vitest's 5 s default.
          testTimeout: 60_000,
        },
      },
      {
        resolve: { alias },
        test: {
          // The built pages read as files (dist/, after `npm run build`): what a page holds needs no browser.
          name: 'built',
          include: ['tests/built/**/*.test.ts'],
          environment: 'node',
          pool: 'threads',
          testTimeout: 60_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          environment: 'node',
          // The migrations once per run, into the template every test database copies.
          globalSetup: ['tests/integration/global-setup.ts'],
          // Two files at a time: each mostly waits on its servers and database.
          maxWorkers: 2,
          // Opening an embedded PGlite database takes seconds (tens of seconds on a busy CI
          // runner), far above vitest's 5 s default.
          testTimeout: 120_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
});
