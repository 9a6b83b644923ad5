/**
 * Mounts every function module of `functions/` at its `config.path`, exactly as Netlify would:
 * the module's default export receives a Request and a context and returns a Response. Scheduled
 * functions (`config.schedule`) are Netlify's stand-in for work this server does continuously
 * (the leads outbox), so they are not mounted.
 */
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Handler, Route } from '../functions/_lib/http.ts';

interface FunctionModule {
  default?: Handler;
  config?: { path?: string; schedule?: string };
}

/** Loads the function modules of `dir` (files starting with `_` are helpers, not functions). */
export async function loadFunctionRoutes(dir: string): Promise<Route[]> {
  const files = (await readdir(dir)).filter((f) => /\.(ts|mjs|js)$/.test(f) && !f.startsWith('_')).sort();
  const routes: Route[] = [];
  for (const file of files) {
    const mod = (await import(pathToFileURL(join(dir, file)).href)) as FunctionModule;
    if (typeof mod.config?.schedule === 'string') continue;
    const path = mod.config?.path;
    if (typeof mod.default !== 'function' || typeof path !== 'string' || !path.startsWith('/api/')) {
      throw new Error(`functions/${file} must export a default handler and config.path under /api/`);
    }
    routes.push({ path, match: 'exact', handler: mod.default });
  }
  return routes;
}
