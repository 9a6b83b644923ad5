/**
 * `npm start`: builds the site when the sources are newer than the last build or the build
 * variables (SITE_URL, PUBLIC_SUPABASE_*) changed since it, then runs the server. A fresh clone
 * therefore needs only `npm install && npm start`.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, statSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { buildConfigOf, checkConfig, describeProblems } from '../functions/_lib/platform/config-check.ts';
import { BUILD_CONFIG_FILE } from '../functions/_lib/platform/config.ts';

const root = new URL('..', import.meta.url).pathname;
const SOURCES = [
  'src',
  'content',
  'public',
  'astro.config.mjs',
  'tailwind.config.cjs',
  'package-lock.json',
  // Read by astro.config.mjs: the build's configuration check (its integrations are in src/).
  'functions/_lib/platform/config-check.ts',
];
const stamp = join(root, 'dist', 'index.html');

/** The newest modification time under a file or folder. */
function newest(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((max, name) => Math.max(max, newest(join(path, name))), stat.mtimeMs);
}

/** Whether the last build was made with other build variables than this process has. */
function builtForOtherVariables(): boolean {
  try {
    const built: unknown = JSON.parse(readFileSync(join(root, 'dist', BUILD_CONFIG_FILE), 'utf8'));
    return !isDeepStrictEqual(built, buildConfigOf(process.env));
  } catch {
    return true;
  }
}

// A configuration that cannot start is refused before spending a build on it.
const report = checkConfig(process.env);
if (report.problems.length > 0) {
  console.error(describeProblems(report));
  process.exit(1);
}

const builtAt = existsSync(stamp) ? statSync(stamp).mtimeMs : 0;
const sourcesAt = Math.max(...SOURCES.map((p) => newest(join(root, p))));
const reason = !builtAt
  ? 'No build yet: building the site.'
  : sourcesAt > builtAt
    ? 'Sources changed since the last build: rebuilding.'
    : builtForOtherVariables()
      ? 'The build variables (SITE_URL, PUBLIC_SUPABASE_*) changed since the last build: rebuilding.'
      : null;
if (reason) {
  console.log(reason);
  const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

await import('../server/index.ts');
