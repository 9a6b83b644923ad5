/**
 * Server-side configuration of the functions, from environment variables. Secrets live only here
 * and in the environment; nothing in this folder is imported by browser code.
 */

/** The auth server's base URL (hosted Supabase project, or the embedded emulator's origin). */
export function supabaseUrl(): string {
  const url = process.env['SUPABASE_URL'] ?? process.env['PUBLIC_SUPABASE_URL'];
  if (!url) throw new Error('SUPABASE_URL is not set');
  return url.replace(/\/+$/, '');
}

/** The public origin of the site, for checkout return URLs; defaults to the request's origin. */
export function siteOrigin(req: Request): string {
  const configured = process.env['SITE_URL'];
  return (configured ?? new URL(req.url).origin).replace(/\/+$/, '');
}
