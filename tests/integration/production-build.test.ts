/**
 * The production gate of the build (docs/product/site.md#business-identity): `astro build` with
 * SITE_URL set stops before any page is written while the owner's details or testimonials hold an
 * example, naming each. With real-looking details the same gate lets the build through
 * (tests/unit/src/features/testimonials/placeholders.test.ts runs the integration's decision on
 * such a repository, without building all the pages).
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { placeholdersLeft } from '../../src/features/testimonials/placeholders.ts';
import { ROOT } from '../support/server.ts';

const outDir = mkdtempSync(join(tmpdir(), 'production-build-'));
afterAll(() => rmSync(outDir, { recursive: true, force: true }));

/** `astro build` into a scratch folder with only `env` set beyond PATH and HOME. */
function build(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const child = spawn(
    process.execPath,
    [join(ROOT, 'node_modules/astro/bin/astro.mjs'), 'build', '--outDir', join(outDir, 'dist')],
    {
      cwd: ROOT,
      env: { PATH: process.env['PATH'] ?? '', HOME: process.env['HOME'] ?? '', ASTRO_TELEMETRY_DISABLED: '1', ...env },
    },
  );
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, output })));
}

test(
  'a build for a public address with placeholders fails, naming each, and writes no page',
  { timeout: 120_000 },
  async () => {
    const { code, output } = await build({ SITE_URL: 'https://www.springfieldhomecare.com' });
    expect(code).toBe(1);
    expect(output).toContain('A build for a public address (SITE_URL is set) cannot publish examples');
    const left = placeholdersLeft(ROOT);
    expect(left.map((p) => p.file)).toContain('content/business.json');
    expect(left.map((p) => p.file)).toContain('content/testimonials/rating.yaml');
    for (const p of left) expect(output).toContain(`  - ${p.file}: ${p.what}`);
    expect(existsSync(join(outDir, 'dist', 'index.html'))).toBe(false);
  },
);
