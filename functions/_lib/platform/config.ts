/**
 * Server-side configuration of the functions, from environment variables. Secrets live only here
 * and in the environment; nothing in this folder is imported by browser code. Which variables
 * exist and when each is required: config-check.ts.
 */
import { checkConfig, describeProblems } from './config-check.ts';
import { HttpError } from './http-error.ts';

/** The file, next to the built pages, recording the build variables they were made with. */
export const BUILD_CONFIG_FILE = '.build-config.json';

/** The auth server's base URL (hosted Supabase project, or the embedded emulator's origin). */
export function supabaseUrl(): string {
  const url = process.env['SUPABASE_URL'] || process.env['PUBLIC_SUPABASE_URL'];
  if (!url) throw new HttpError(503, 'Sign-in is not available right now. Please try again later.');
  return url.replace(/\/+$/, '');
}

/** The public origin of the site, for checkout return URLs; defaults to the request's origin. */
export function siteOrigin(req: Request): string {
  const configured = process.env['SITE_URL'];
  return (configured || new URL(req.url).origin).replace(/\/+$/, '');
}

/** The site's public address, for links in e-mails: SITE_URL, else this server on localhost. */
export function publicOrigin(env: NodeJS.ProcessEnv = process.env): string {
  return (env['SITE_URL'] || `http://localhost:${env['PORT'] || 4321}`).replace(/\/+$/, '');
}

/** Whether this code runs as a Netlify Function (its runtime defines the `Netlify` global). */
export function onNetlify(): boolean {
  return typeof (globalThis as { Netlify?: unknown }).Netlify === 'object';
}

let verdict: boolean | undefined;

/**
 * On Netlify there is no server start to refuse a half-configured site, and no embedded default:
 * the first call in each instance checks the full production configuration. While it is
 * incomplete, every function answers 503 and the log names each missing or malformed variable.
 * The Node server checks at start instead (server/index.ts), so there this does nothing.
 */
export function requireDeployedConfig(): void {
  if (!onNetlify()) return;
  if (verdict === undefined) {
    const report = checkConfig(process.env, 'production');
    verdict = report.problems.length === 0;
    if (!verdict) console.error(describeProblems(report));
  }
  if (!verdict) throw new HttpError(503, 'This site is still being set up. Please call us to book.');
}
