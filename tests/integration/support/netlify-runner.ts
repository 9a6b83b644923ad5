/**
 * Runs functions the way Netlify runs them, in a process of its own: the `Netlify` global is
 * defined, each `functions/*.ts` module is imported by itself and its default export is called
 * with a Request and a Netlify-shaped context. Any module that resolves into `server/` fails the
 * import, so a function that needs the Node server cannot pass.
 *
 * Input (stdin): the calls to make, in order. Output (stdout): one result per call, as JSON.
 * With NETLIFY_RUNNER_PGLITE set, the functions' database is an embedded one in that folder
 * (DATABASE_URL then only satisfies the configuration check); otherwise DATABASE_URL is used.
 * With NETLIFY_RUNNER_BUNDLES set, the functions are the bundles in that folder (`<name>.mjs`,
 * as Netlify's esbuild bundler makes them) instead of the sources.
 */
import { readFileSync } from 'node:fs';
import { registerHooks } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const ROOT = join(import.meta.dirname, '../../..');
const SERVER = pathToFileURL(join(ROOT, 'server')).href + '/';

registerHooks({
  resolve(specifier, context, nextResolve) {
    const resolved = nextResolve(specifier, context);
    if (resolved.url.startsWith(SERVER)) {
      throw new Error(`${context.parentURL ?? 'the runner'} imports ${resolved.url}: functions must not need server/`);
    }
    return resolved;
  },
});

/** One call: a function file and the request to give it. */
export interface RunnerCall {
  file: string;
  method: string;
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

/** What a call answered. */
export interface RunnerResult {
  file: string;
  status: number;
  headers: Record<string, string>;
  body: string;
}

// What Netlify's runtime provides: the global (its presence is how code knows it is on Netlify)...
(globalThis as { Netlify?: unknown }).Netlify = {
  env: {
    get: (name: string) => process.env[name],
    has: (name: string) => name in process.env,
    toObject: () => ({ ...process.env }),
  },
  context: null,
};

// ...and a context per request.
function contextFor(url: URL) {
  return {
    ip: '203.0.113.7',
    requestId: crypto.randomUUID(),
    geo: { city: 'Springfield', country: { code: 'US', name: 'United States' }, subdivision: { code: 'MO' } },
    site: { id: 'site-id', name: 'springfield-home', url: url.origin },
    deploy: { id: 'deploy-id', context: 'production', published: true },
    account: { id: 'account-id' },
    server: { region: 'us-east-2' },
    params: {},
    url,
    cookies: { get: () => undefined, set: () => {}, delete: () => {} },
    waitUntil: () => {},
  };
}

const guard = await import(pathToFileURL(join(ROOT, 'server/app.ts')).href).then(
  () => 'inactive',
  () => 'active',
);

const pglite = process.env['NETLIFY_RUNNER_PGLITE'];
const { getDb, openPGlite, setDb } = await import('../../../functions/_lib/platform/db.ts');
if (pglite) setDb(await openPGlite(pglite));
// On Netlify `supabase db push` has applied the migrations (docs/deploy.md); this does the same.
const { migrate } = await import('../../../functions/_lib/platform/migrate.ts');
await migrate(await getDb(), join(ROOT, 'supabase/migrations'));

const bundles = process.env['NETLIFY_RUNNER_BUNDLES'];
const moduleOf = (file: string) =>
  bundles ? join(bundles, file.replace(/\.ts$/, '.mjs')) : join(ROOT, 'functions', file);

const calls = JSON.parse(readFileSync(0, 'utf8')) as RunnerCall[];
const results: RunnerResult[] = [];
for (const call of calls) {
  const mod = (await import(pathToFileURL(moduleOf(call.file)).href)) as {
    default: (req: Request, context: unknown) => Promise<Response>;
  };
  const url = new URL(call.path, 'https://springfield-home.example');
  const res = await mod.default(
    new Request(url, {
      method: call.method,
      headers: call.headers ?? {},
      ...(call.body === undefined ? {} : { body: call.body }),
    }),
    contextFor(url),
  );
  results.push({
    file: call.file,
    status: res.status,
    headers: Object.fromEntries(res.headers),
    body: await res.text(),
  });
}
await (await getDb()).close();
// A bundle keeps its own database pool open: exit once the answer is out.
process.stdout.write(JSON.stringify({ guard, results }), () => process.exit(0));
