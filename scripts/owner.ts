/**
 * `npm run owner -- add EMAIL | remove EMAIL | list`: gives an account the owner's role, takes it
 * away, or lists the owners (docs/product/operations.md#owner-role). The role is `app_metadata.role = 'owner'`
 * in the sign-in service, set through its admin API with the service key, as supabase-js's
 * `auth.admin` calls it. Reads the same variables as the server:
 *
 * - production (any variable that selects it, functions/_lib/platform/config-check.ts): the hosted project
 *   at SUPABASE_URL or PUBLIC_SUPABASE_URL, with SUPABASE_SERVICE_ROLE_KEY;
 * - the embedded default: the server running on PORT (default 4321), with the service key it
 *   wrote into DATA_DIR (default `.data`) at start (server/embedded/service-key.ts).
 *
 * Prints what it did on stdout (`list`: one e-mail a line), or one line saying what is wrong on
 * stderr; exits with 0 or 1.
 */
import { fileURLToPath } from 'node:url';
import { createClient, isAuthApiError, isAuthError, type SupabaseClient, type User } from '@supabase/supabase-js';
import { checkConfig, variableProblems } from '../functions/_lib/platform/config-check.ts';
import { dataHolder } from '../server/embedded/data-lock.ts';
import { readServiceKey, serviceKeyPath } from '../server/embedded/service-key.ts';

/** The role that makes an account the owner's, in its app metadata. */
export const OWNER_ROLE = 'owner';

/** What to do. */
export type OwnerCommand = { action: 'add' | 'remove'; email: string } | { action: 'list' };

/** A problem the command reports in one line, exiting with 1. */
export class OwnerError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'OwnerError';
  }
}

/** The one line that says how to call the command. */
export const USAGE = 'Usage: npm run owner -- add EMAIL | remove EMAIL | list';

/** The command of the arguments after `--`, or an OwnerError showing the usage. */
export function parseCommand(args: readonly string[]): OwnerCommand {
  const [action, email, ...rest] = args;
  if (action === 'list' && email === undefined) return { action };
  if ((action === 'add' || action === 'remove') && email !== undefined && rest.length === 0) {
    const address = email.trim().toLowerCase();
    // The shape is all that is checked here: the account itself is looked up by its address.
    if (!/^[^\s@]+@[^\s@]+$/.test(address)) throw new OwnerError(`"${email}" is not an e-mail address. ${USAGE}`);
    return { action, email: address };
  }
  throw new OwnerError(USAGE);
}

/** The sign-in service the command talks to, and how it got its service key. */
export type OwnerTarget =
  { mode: 'production'; url: string; key: string } | { mode: 'embedded'; url: string; port: number; dataDir: string };

/** Where the embedded server listens, seen from this machine: HOST, or loopback when it is every interface. */
function embeddedHost(host: string | undefined): string {
  if (!host || host === '0.0.0.0' || host === '::' || host === '[::]') return '127.0.0.1';
  return host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
}

/**
 * The target of an environment, as the server reads it: production's hosted project and service
 * key, or the local server and its data dir. An OwnerError names a missing or malformed variable.
 */
export function ownerTarget(env: Readonly<Record<string, string | undefined>>): OwnerTarget {
  const { mode, selectedBy } = checkConfig(env);
  const names = ['SUPABASE_URL', 'PUBLIC_SUPABASE_URL', 'SUPABASE_SERVICE_ROLE_KEY', 'PORT', 'HOST'];
  const [problem] = variableProblems(env, names, mode);
  if (problem) throw new OwnerError(`${problem}. See "Environment variables" in README.md.`);
  if (mode === 'production') {
    const why = `${selectedBy.join(', ')} ${selectedBy.length === 1 ? 'is' : 'are'} set, so this is production`;
    const url = (env['SUPABASE_URL']?.trim() || env['PUBLIC_SUPABASE_URL']?.trim() || '').replace(/\/+$/, '');
    if (!url) {
      throw new OwnerError(
        `SUPABASE_URL (or PUBLIC_SUPABASE_URL) is missing: ${why}; set it to the Supabase project URL, e.g. https://abcdefghijkl.supabase.co.`,
      );
    }
    const key = env['SUPABASE_SERVICE_ROLE_KEY']?.trim();
    if (!key) {
      throw new OwnerError(
        `SUPABASE_SERVICE_ROLE_KEY is missing: ${why}; set it to the project's service_role key or a secret key (Supabase dashboard, Project Settings > API Keys).`,
      );
    }
    return { mode, url, key };
  }
  const port = Number(env['PORT']?.trim() || 4321);
  return {
    mode,
    url: `http://${embeddedHost(env['HOST']?.trim())}:${port}`,
    port,
    dataDir: env['DATA_DIR']?.trim() || '.data',
  };
}

/** The service key of a target: production's variable, or the file the local server wrote. */
export async function serviceKeyOf(target: OwnerTarget): Promise<string> {
  if (target.mode === 'production') return target.key;
  const notRunning = () => {
    const holder = dataHolder(target.dataDir);
    const elsewhere =
      holder && holder.port !== target.port
        ? ` The server using ${target.dataDir} runs on port ${holder.port}: set PORT=${holder.port}.`
        : '';
    return new OwnerError(
      `No server is running at ${target.url}: start it with \`npm start\` (or set PORT to the port it runs on).${elsewhere}`,
    );
  };
  let res: Response;
  try {
    res = await fetch(`${target.url}/auth/v1/settings`, {
      headers: { apikey: 'embedded-anon-key' },
      signal: AbortSignal.timeout(10_000),
    });
  } catch {
    throw notRunning();
  }
  if (!res.ok) {
    throw new OwnerError(
      `The server at ${target.url} has no local sign-in service (/auth/v1 answered ${res.status}): it runs in production, or is another program. For the hosted project, set SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY.`,
    );
  }
  let key: string | null;
  try {
    key = readServiceKey(target.dataDir);
  } catch (error) {
    throw new OwnerError(`Cannot read ${serviceKeyPath(target.dataDir)}: ${(error as Error).message}`);
  }
  if (!key) {
    throw new OwnerError(
      `No service key in ${serviceKeyPath(target.dataDir)}: the server writes it there at start. Set DATA_DIR to the folder the server at ${target.url} uses, or restart it.`,
    );
  }
  return key;
}

/** The admin calls the command makes (supabase-js's `auth.admin`). */
export type AdminApi = SupabaseClient['auth']['admin'];

/** How many accounts one page of the admin list asks for. */
const PAGE_SIZE = 1000;

/** Why an admin call failed, in one line for this target. */
function callProblem(error: unknown, target: OwnerTarget): OwnerError {
  if (isAuthApiError(error) && (error.status === 401 || error.status === 403)) {
    const why = `${error.code ?? error.status}: ${error.message}`;
    return new OwnerError(
      target.mode === 'embedded'
        ? `The server at ${target.url} refused the service key in ${serviceKeyPath(target.dataDir)} (${why}): set DATA_DIR to the folder that server was started with.`
        : `${target.url} refused SUPABASE_SERVICE_ROLE_KEY (${why}): copy the service_role key or a secret key from Project Settings > API Keys.`,
    );
  }
  if (isAuthApiError(error)) {
    return new OwnerError(
      `The sign-in service at ${target.url} answered ${error.status} (${error.code ?? 'no code'}): ${error.message}`,
    );
  }
  const message = error instanceof Error ? error.message : String(error);
  return new OwnerError(`Could not reach the sign-in service at ${target.url}: ${message}`);
}

/** Every account of the project, page by page. */
async function allUsers(admin: AdminApi, target: OwnerTarget): Promise<User[]> {
  const users: User[] = [];
  for (let page = 1; ; page += 1) {
    const { data, error } = await admin.listUsers({ page, perPage: PAGE_SIZE });
    if (error) throw callProblem(error, target);
    users.push(...data.users);
    if (data.users.length < PAGE_SIZE) return users;
  }
}

/** Whether an account has the owner's role. */
export function isOwner(user: Pick<User, 'app_metadata'>): boolean {
  return user.app_metadata['role'] === OWNER_ROLE;
}

/** Sets or clears the role, or lists the owners; answers the lines to print. */
export async function runOwnerCommand(command: OwnerCommand, admin: AdminApi, target: OwnerTarget): Promise<string[]> {
  const users = await allUsers(admin, target);
  if (command.action === 'list') {
    const owners = users.filter(isOwner).map((user) => user.email ?? user.id);
    return owners.sort();
  }
  const user = users.find((candidate) => candidate.email?.toLowerCase() === command.email);
  if (!user) {
    throw new OwnerError(
      `No account with the e-mail ${command.email} at ${target.url}: sign up with it at /auth first, then run this again.`,
    );
  }
  if (command.action === 'add') {
    if (isOwner(user)) return [`${command.email} is already an owner.`];
    const { error } = await admin.updateUserById(user.id, { app_metadata: { role: OWNER_ROLE } });
    if (error) throw callProblem(error, target);
    const unconfirmed = user.email_confirmed_at
      ? ''
      : ' Their e-mail is not confirmed yet: they confirm it before they can sign in.';
    return [`${command.email} is now an owner: they sign in again to use the owner's pages.${unconfirmed}`];
  }
  if (!isOwner(user)) return [`${command.email} is not an owner.`];
  // null removes the key, as GoTrue merges app_metadata; the rest of it stays.
  const { error } = await admin.updateUserById(user.id, { app_metadata: { role: null } });
  if (error) throw callProblem(error, target);
  return [`${command.email} is no longer an owner: the owner functions refuse them from their next call.`];
}

/** Runs the command of `args` in `env`; answers the exit code. */
export async function main(args: readonly string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  try {
    const command = parseCommand(args);
    const target = ownerTarget(env);
    const key = await serviceKeyOf(target);
    const admin = createClient(target.url, key, {
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    }).auth.admin;
    const lines = await runOwnerCommand(command, admin, target);
    if (command.action === 'list' && lines.length === 0) {
      console.error('No owners yet: npm run owner -- add EMAIL');
    }
    for (const line of lines) console.log(line);
    return 0;
  } catch (error) {
    if (error instanceof OwnerError) console.error(error.message);
    else if (isAuthError(error)) console.error(`The sign-in service answered: ${error.message}`);
    else console.error(`npm run owner failed: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  process.exitCode = await main(process.argv.slice(2));
}
