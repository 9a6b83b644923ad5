import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { embeddedVisitLinkSecret, VISIT_LINK_KEY_FILE } from '../../../../server/embedded/visit-link-key.ts';

const dirs: string[] = [];
afterEach(async () => {
  await Promise.all(dirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

async function dataDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'shm-visit-key-'));
  dirs.push(dir);
  return dir;
}

describe("the embedded default's visit link secret (docs/product/operations.md#embedded-default)", () => {
  test('made once in the data dir, readable by this user only, and the same at every later start', async () => {
    const dir = await dataDir();
    const first = embeddedVisitLinkSecret(dir);
    expect(first).toMatch(/^[0-9a-f]{64}$/);
    expect((await stat(join(dir, VISIT_LINK_KEY_FILE))).mode & 0o777).toBe(0o600);
    expect(embeddedVisitLinkSecret(dir)).toBe(first);
  });

  test('a new one each time without a data dir; a damaged file is named, never replaced', async () => {
    expect(embeddedVisitLinkSecret()).not.toBe(embeddedVisitLinkSecret());
    const dir = await dataDir();
    await writeFile(join(dir, VISIT_LINK_KEY_FILE), 'short\n');
    expect(() => embeddedVisitLinkSecret(dir)).toThrow(/visit-link\.key holds no usable visit link secret/);
  });
});
