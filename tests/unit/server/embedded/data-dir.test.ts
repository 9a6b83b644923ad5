/** The data-dir check, one of the guards added for issue 10: a folder the server can open safely. */
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { checkDataDir, DataDirError } from '../../../../server/embedded/data-dir.ts';

describe('checkDataDir', () => {
  let base = '';
  beforeAll(async () => {
    base = await mkdtemp(join(tmpdir(), 'shm-datadir-'));
  });
  afterAll(async () => {
    await rm(base, { recursive: true, force: true });
  });

  test('a missing folder is created; its database folder is where PGlite keeps its files', () => {
    expect(checkDataDir(join(base, 'new', 'data'))).toBe(join(base, 'new', 'data', 'pglite'));
  });

  test('a file, a path through a file, a foreign folder and a garbage PG_VERSION are refused with what to do', async () => {
    await writeFile(join(base, 'file'), 'x');
    expect(() => checkDataDir(join(base, 'file'))).toThrow(/is a file, not a folder/);
    expect(() => checkDataDir(join(base, 'file', 'inside'))).toThrow(/part of its path is a file/);
    await mkdir(join(base, 'foreign', 'pglite'), { recursive: true });
    await writeFile(join(base, 'foreign', 'pglite', 'notes.txt'), 'x');
    expect(() => checkDataDir(join(base, 'foreign'))).toThrow(DataDirError);
    expect(() => checkDataDir(join(base, 'foreign'))).toThrow(/not a database folder/);
    await mkdir(join(base, 'damaged', 'pglite'), { recursive: true });
    await writeFile(join(base, 'damaged', 'pglite', 'PG_VERSION'), 'garbage');
    expect(() => checkDataDir(join(base, 'damaged'))).toThrow(/Move the folder away/);
  });
});
