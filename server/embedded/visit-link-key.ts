/**
 * The embedded default's VISIT_LINK_SECRET (docs/product/operations.md#embedded-default): made once and kept
 * in the data dir as `visit-link.key`, readable by this user only, so the links in the local
 * mailbox keep working across restarts; a fresh one per process without a data dir (tests).
 */
import { randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** The file's name inside the data dir. */
export const VISIT_LINK_KEY_FILE = 'visit-link.key';

/** The secret kept in `dataDir`, made there first if it has none; a new one each call without a data dir. */
export function embeddedVisitLinkSecret(dataDir?: string): string {
  const fresh = randomBytes(32).toString('hex');
  if (dataDir === undefined) return fresh;
  const path = join(resolve(dataDir), VISIT_LINK_KEY_FILE);
  try {
    // 'wx': only the first start writes it; every later one reads what it wrote.
    writeFileSync(path, `${fresh}\n`, { mode: 0o600, flag: 'wx' });
    return fresh;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const kept = readFileSync(path, 'utf8').trim();
  if (kept.length < 32) throw new Error(`${path} holds no usable visit link secret: delete it to make a new one`);
  return kept;
}
