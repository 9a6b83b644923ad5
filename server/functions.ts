/**
 * Mounts every function module of `functions/` at its `config.path`, exactly as Netlify would:
 * the module's default export receives a Request and a context and returns a Response. Netlify's
 * scheduled functions (functions/_lib/jobs.ts) are its stand-in for the jobs this server runs on its
 * own timers, so they are not mounted.
 */
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { SCHEDULED_FUNCTIONS } from '../functions/_lib/jobs.ts';
import type { Handler, Route } from '../functions/_lib/platform/http.ts';

interface FunctionModule {
  default?: Handler;
  /** One path or several (Netlify's `config.path`), a `:name` segment matching any one segment. */
  config?: { path?: string | string[] };
}

/** Loads the function modules of `dir` (files starting with `_` are helpers, not functions). */
export async function loadFunctionRoutes(dir: string): Promise<Route[]> {
  const files = (await readdir(dir))
    .filter((f) => /\.(ts|mjs|js)$/.test(f) && !f.startsWith('_') && !SCHEDULED_FUNCTIONS.has(f.replace(/\.\w+$/, '')))
    .sort();
  const routes: Route[] = [];
  for (const file of files) {
    const mod = (await import(pathToFileURL(join(dir, file)).href)) as FunctionModule;
    const paths = [mod.config?.path ?? []].flat();
    const handler = mod.default;
    if (typeof handler !== 'function' || paths.length === 0 || paths.some((p) => !p.startsWith('/api/'))) {
      throw new Error(`functions/${file} must export a default handler and config.path under /api/`);
    }
    for (const path of paths) routes.push({ path, match: path.includes('/:') ? 'pattern' : 'exact', handler });
  }
  return routes;
}
