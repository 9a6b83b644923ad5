/**
 * Who holds the embedded database: PGlite has one user at a time, and a second process opening
 * the same folder (a second `npm start`, `npm run leads:export` while the server runs) can damage
 * it. The server writes `<DATA_DIR>/server.lock` with its process id and port once it has the
 * database, and removes it when it stops; a lock whose process is gone (the server was killed) is
 * stale and taken over.
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** The process holding a data dir, as its lock file names it. */
export interface DataHolder {
  pid: number;
  port: number;
}

/** The lock file of a data dir. */
export function lockPath(dataDir: string): string {
  return join(resolve(dataDir), 'server.lock');
}

/** Whether a process with this id runs on this machine (EPERM: it does, as another user). */
function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The live process holding `dataDir`, or null when none does (no lock, or a stale one). */
export function dataHolder(dataDir: string): DataHolder | null {
  let holder: Partial<DataHolder>;
  try {
    holder = JSON.parse(readFileSync(lockPath(dataDir), 'utf8')) as Partial<DataHolder>;
  } catch {
    return null;
  }
  const { pid, port } = holder;
  if (!Number.isInteger(pid) || !Number.isInteger(port) || pid === process.pid) return null;
  return running(pid as number) ? { pid: pid as number, port: port as number } : null;
}

/** Why `dataDir` cannot be opened now, naming the server that has it, or null when it is free. */
export function dataDirInUse(dataDir: string, what: string): string | null {
  const holder = dataHolder(dataDir);
  if (!holder) return null;
  return (
    `${what}: the embedded database in ${resolve(dataDir)} is in use by the server running at ` +
    `http://localhost:${holder.port} (process ${holder.pid}). Stop that server first (Ctrl+C in its terminal).`
  );
}

/**
 * Records this process as the holder of `dataDir` (serving on `port`); returns the function that
 * removes the record, which the server calls as it stops. Throws with dataDirInUse's message when
 * a live server got there first; a stale record is taken over.
 */
export function holdDataDir(dataDir: string, port: number): () => void {
  const path = lockPath(dataDir);
  const record = `${JSON.stringify({ pid: process.pid, port })}\n`;
  try {
    writeFileSync(path, record, { flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    const problem = dataDirInUse(dataDir, 'Cannot start');
    if (problem) throw new Error(problem, { cause: error });
    writeFileSync(path, record);
  }
  return () => {
    try {
      const holder = JSON.parse(readFileSync(path, 'utf8')) as Partial<DataHolder>;
      if (holder.pid === process.pid) rmSync(path, { force: true });
    } catch {
      // Already gone: nothing to release.
    }
  };
}
