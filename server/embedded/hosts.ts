/**
 * The host names the embedded default answers to (docs/product/operations.md#embedded-default): its mailbox,
 * lead list and emulators are open to whoever reaches them, so a request naming any other host (a
 * page on another site whose name an attacker points at 127.0.0.1, DNS rebinding) is refused
 * before any route sees it. Loopback names always; HOST's own name when set; and with HOST a
 * wildcard (0.0.0.0, ::), any address written as an IP, as a phone on the same network sends it:
 * rebinding needs a name, never an address.
 */
import { isIP } from 'node:net';

const LOOPBACK_NAMES = new Set(['localhost', '127.0.0.1', '::1']);
const WILDCARDS = new Set(['0.0.0.0', '::']);

/** An IPv6 address without its brackets; any other name lower-cased as it is. */
function bare(hostname: string): string {
  return hostname.replace(/^\[(.*)\]$/, '$1').toLowerCase();
}

/** Whether `hostname` (as a URL has it: `[::1]` for IPv6) is one the embedded default answers to. */
export function allowedHostName(hostname: string, env: NodeJS.ProcessEnv = process.env): boolean {
  const name = bare(hostname);
  if (LOOPBACK_NAMES.has(name)) return true;
  const host = bare(env['HOST']?.trim() ?? '');
  if (host === '') return false;
  if (WILDCARDS.has(host)) return isIP(name) !== 0;
  return name === host;
}

/** Whether a request's Host header (`name` or `name:port`) names an allowed host; a missing one does not. */
export function allowedHostHeader(header: string | undefined, env: NodeJS.ProcessEnv = process.env): boolean {
  if (!header) return false;
  let url: URL;
  try {
    url = new URL(`http://${header}`);
  } catch {
    return false;
  }
  // Anything but a bare name and port (user info, a path) is not a Host header.
  if (url.username || url.password || url.pathname !== '/' || url.search || url.hash) return false;
  return allowedHostName(url.hostname, env);
}
