/**
 * Makes the data folder the specs' own servers start from (`startServer({ template: true })`,
 * tests/support/server.ts): one server started on a fresh folder and stopped, so each spec server
 * copies a migrated database instead of making a new one. It is made beside the first tests, not
 * before them: a spec server that starts before it is ready starts on a fresh folder, as it would
 * without it, so the run never waits for it. A run given SHM_SERVER_TEMPLATE (a folder made by
 * `makeServerTemplate`, kept from an earlier run) uses that one and makes none.
 */
import { existsSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { makeServerTemplate, removeDir, SERVER_TEMPLATE_ENV } from '../support/server';

/** Starts making the template, names it for the workers, and answers the teardown that removes it. */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const given = process.env[SERVER_TEMPLATE_ENV];
  if (given && existsSync(given)) return async () => {};
  const parent = await mkdtemp(join(tmpdir(), 'shm-e2e-template-'));
  const path = join(parent, 'data');
  // Workers are started after this returns, with this process's environment.
  process.env[SERVER_TEMPLATE_ENV] = path;
  const made = makeServerTemplate(path).catch((error: unknown) => {
    // Spec servers then start fresh, as they would without a template.
    console.warn(`No server template: ${error instanceof Error ? error.message : String(error)}`);
  });
  return async () => {
    await made;
    await removeDir(parent);
  };
}
