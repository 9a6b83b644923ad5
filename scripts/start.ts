/**
 * `npm start`: builds the site when the sources are newer than the last build, then runs the
 * server. A fresh clone therefore needs only `npm install && npm start`.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, statSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const SOURCES = ['src', 'content', 'public', 'astro.config.mjs', 'tailwind.config.cjs', 'package-lock.json'];
const stamp = join(root, 'dist', 'index.html');

/** The newest modification time under a file or folder. */
function newest(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((max, name) => Math.max(max, newest(join(path, name))), stat.mtimeMs);
}

const builtAt = existsSync(stamp) ? statSync(stamp).mtimeMs : 0;
const sourcesAt = Math.max(...SOURCES.map((p) => newest(join(root, p))));
if (sourcesAt > builtAt) {
  console.log(builtAt ? 'Sources changed since the last build: rebuilding.' : 'No build yet: building the site.');
  const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

await import('../server/index.ts');
