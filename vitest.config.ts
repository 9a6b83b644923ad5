import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  test: {
    include: ['tests/unit/**/*.test.ts', 'tests/integration/**/*.test.ts'],
    environment: 'node',
    // Opening an embedded PGlite database takes seconds (tens of seconds on a busy CI runner),
    // far above vitest's 5 s default; unit tests finish in milliseconds either way.
    testTimeout: 120_000,
    hookTimeout: 180_000,
  },
});
