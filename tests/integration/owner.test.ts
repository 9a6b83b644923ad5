/**
 * The owner role end to end (docs/product/operations.md#owner-role): `npm run owner` run as the command it
 * is (`node scripts/owner.ts`), against a running server whose service key it reads from the data
 * dir, and requireOwner asking that server about the caller on every call.
 */
import { execFile } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { OWNER_ONLY, requireOwner, SESSION_ENDED } from '../../functions/_lib/platform/auth.ts';
import { HttpError } from '../../functions/_lib/platform/http-error.ts';
import { freePort, ROOT, serverEnv } from '../support/server.ts';
import { startTestServer, type TestServer } from './harness.ts';
import { address, authClient, PASSWORD } from './support/auth-client.ts';

let server: TestServer;
const { supabase, confirmedUser } = authClient(() => server);

beforeAll(async () => {
  server = await startTestServer();
}, 180_000);

afterAll(async () => {
  await server?.stop();
}, 60_000);

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * `npm run owner -- <args>` as a child process, in the embedded default (every variable of the
 * configuration removed) with PORT and DATA_DIR of the test server unless `env` says otherwise.
 */
function owner(args: string[], env: Record<string, string | undefined> = {}): Promise<Run> {
  const port = Number(new URL(server.origin).port);
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['scripts/owner.ts', ...args],
      { cwd: ROOT, env: serverEnv({ dataDir: server.dataDir, port, env }), timeout: 60_000 },
      (error, stdout, stderr) => {
        resolve({ code: error ? (typeof error.code === 'number' ? error.code : null) : 0, stdout, stderr });
      },
    );
  });
}

/** requireOwner's verdict on a request with this bearer token (none: no header). */
async function verdict(accessToken?: string): Promise<string> {
  const headers: Record<string, string> = accessToken ? { authorization: `Bearer ${accessToken}` } : {};
  try {
    await requireOwner(new Request('http://localhost/api/owner-thing', { method: 'POST', headers }));
    return 'passes';
  } catch (error) {
    if (error instanceof HttpError) return `${error.status} ${error.message}`;
    throw error;
  }
}

describe('npm run owner and requireOwner (docs/product/operations.md#owner-role)', { timeout: 120_000 }, () => {
  test("a customer's token gets 403, no token 401; once added, the owner's token passes; once removed, 403 at the next call", async () => {
    const customer = await confirmedUser('customer');
    const owner1 = await confirmedUser('owner');
    const ownerToken = owner1.session.access_token;

    expect(await verdict()).toMatch(/^401 /);
    expect(await verdict(customer.session.access_token)).toBe(`403 ${OWNER_ONLY}`);
    expect(await verdict(ownerToken)).toBe(`403 ${OWNER_ONLY}`);

    const added = await owner(['add', owner1.email.toUpperCase()]);
    expect(added).toEqual({
      code: 0,
      stdout: `${owner1.email} is now an owner: they sign in again to use the owner's pages.\n`,
      stderr: '',
    });
    // The role is read live: the token issued before it still passes, though its claims lack it.
    expect(await verdict(ownerToken)).toBe('passes');
    expect(await verdict(customer.session.access_token)).toBe(`403 ${OWNER_ONLY}`);
    const fresh = await supabase().auth.signInWithPassword({ email: owner1.email, password: PASSWORD });
    expect(fresh.data.session?.user.app_metadata['role']).toBe('owner');

    expect(await owner(['add', owner1.email])).toMatchObject({
      code: 0,
      stdout: `${owner1.email} is already an owner.\n`,
    });
    const listed = await owner(['list']);
    expect(listed).toEqual({ code: 0, stdout: `${owner1.email}\n`, stderr: '' });

    const removed = await owner(['remove', owner1.email]);
    expect(removed.code).toBe(0);
    expect(removed.stdout).toContain(`${owner1.email} is no longer an owner`);
    expect(await verdict(ownerToken)).toBe(`403 ${OWNER_ONLY}`);
    expect(await verdict(fresh.data.session?.access_token)).toBe(`403 ${OWNER_ONLY}`);
    expect(await owner(['list'])).toEqual({
      code: 0,
      stdout: '',
      stderr: 'No owners yet: npm run owner -- add EMAIL\n',
    });

    // An owner signed out everywhere has no live session: 401, whatever the role.
    expect((await owner(['add', owner1.email])).code).toBe(0);
    expect(await verdict(ownerToken)).toBe('passes');
    await owner1.client.auth.signOut({ scope: 'global' });
    expect(await verdict(ownerToken)).toBe(`401 ${SESSION_ENDED}`);
    expect((await owner(['remove', owner1.email])).code).toBe(0);
  });

  test('mistakes are one line on stderr and exit code 1', async () => {
    const unknown = address('nobody');
    const cases: [string[], Record<string, string | undefined>, RegExp][] = [
      [
        ['add', unknown],
        {},
        new RegExp(`^No account with the e-mail ${unknown.toLowerCase()} at http://127\\.0\\.0\\.1:`),
      ],
      [['promote', unknown], {}, /^Usage: npm run owner -- add EMAIL \| remove EMAIL \| list$/],
      [['list'], { DATA_DIR: `${server.dataDir}/elsewhere` }, /^No service key in .*elsewhere\/service-role\.key: /],
      [
        ['list'],
        { PORT: String(await freePort()) },
        /^No server is running at http:\/\/127\.0\.0\.1:\d+: start it with `npm start`/,
      ],
      [['list'], { SUPABASE_URL: 'https://abcdefghijkl.supabase.co' }, /^SUPABASE_SERVICE_ROLE_KEY is missing: /],
      [
        ['list'],
        { SUPABASE_URL: server.origin, SUPABASE_SERVICE_ROLE_KEY: 'sb_secret_not-this-project' },
        /refused SUPABASE_SERVICE_ROLE_KEY \(bad_jwt: /,
      ],
    ];
    for (const [args, env, line] of cases) {
      const run = await owner(args, env);
      expect(run.code, args.join(' ')).toBe(1);
      expect(run.stdout, args.join(' ')).toBe('');
      expect(run.stderr.trimEnd().split('\n'), args.join(' ')).toHaveLength(1);
      expect(run.stderr.trimEnd(), args.join(' ')).toMatch(line);
    }
  });
});
