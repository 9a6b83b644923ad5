/**
 * The embedded auth emulator's service key, handed to `npm run owner` (scripts/owner.ts) through
 * the data dir and nothing else: the server writes it at start to `<DATA_DIR>/service-role.key`,
 * readable by this user only (mode 0600), and never serves it over HTTP. Whoever can read the data
 * dir can already read the database itself, so the file gives away nothing more.
 */
import { readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** The file's name inside the data dir. */
export const SERVICE_KEY_FILE = 'service-role.key';

/** Where the service key of the server on `dataDir` is kept. */
export function serviceKeyPath(dataDir: string): string {
  return join(resolve(dataDir), SERVICE_KEY_FILE);
}

/**
 * Writes the service key into `dataDir`, readable and writable by this user only: into a new file
 * made with that mode (a mode applies only to a file being created), then moved over any older one.
 */
export function writeServiceKey(dataDir: string, key: string): void {
  const path = serviceKeyPath(dataDir);
  const fresh = `${path}.${process.pid}.tmp`;
  rmSync(fresh, { force: true });
  writeFileSync(fresh, `${key}\n`, { mode: 0o600, flag: 'wx' });
  renameSync(fresh, path);
}

/** The service key kept in `dataDir`, or null when there is none (no server has started on it). */
export function readServiceKey(dataDir: string): string | null {
  try {
    return readFileSync(serviceKeyPath(dataDir), 'utf8').trim() || null;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}
