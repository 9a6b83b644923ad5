/**
 * The browser the end-to-end tests run, made ready before `npm test` spends minutes on the steps
 * before them (package.json `pretest`): Playwright's own Chromium when it is installed, else the
 * system's (Debian's /usr/bin/chromium, which .ci/run installs), else Playwright's own downloaded
 * now (`npx playwright install chromium`), so `npm install && npm test` is the whole set-up on a
 * machine with internet. When the download fails too, one line names the commands that install
 * one, and the exit code is 1. playwright.config.ts makes the same choice (without installing).
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';

/** Debian's Chromium. */
export const SYSTEM_CHROMIUM = '/usr/bin/chromium';

/** The command that downloads Playwright's Chromium, as a person would type it. */
export const INSTALL_COMMAND = 'npx playwright install chromium';

/** The line printed when there is no browser and none could be downloaded. */
export const NO_BROWSER = `No browser for the end-to-end tests: run \`${INSTALL_COMMAND}\` (or \`apt-get install chromium\`), then \`npm test\` again.`;

/** Which Chromium to launch: Playwright's own (no path needed), the system's, or none. */
export type E2eBrowser = { kind: 'playwright' } | { kind: 'system'; executablePath: string } | null;

/** The e2e browser on this machine; `exists` and `playwrightPath` are for tests. */
export function e2eBrowser(
  exists: (path: string) => boolean = existsSync,
  playwrightPath: string = chromium.executablePath(),
): E2eBrowser {
  if (exists(playwrightPath)) return { kind: 'playwright' };
  if (exists(SYSTEM_CHROMIUM)) return { kind: 'system', executablePath: SYSTEM_CHROMIUM };
  return null;
}

/** Downloads Playwright's Chromium; resolves true when the installer succeeded. */
export type Installer = () => Promise<boolean>;

/**
 * `npx playwright install chromium` with this project's Playwright (its CLI run by this Node), its
 * progress shown as it goes. `env` is for tests: Playwright reads its download host
 * (`PLAYWRIGHT_DOWNLOAD_HOST`) and where browsers go (`PLAYWRIGHT_BROWSERS_PATH`) from it.
 */
export function playwrightInstaller(env: NodeJS.ProcessEnv = process.env): Installer {
  const cli = createRequire(import.meta.url).resolve('@playwright/test/cli');
  return () =>
    new Promise((resolve) => {
      const child = spawn(process.execPath, [cli, 'install', 'chromium'], {
        env,
        stdio: ['ignore', 'inherit', 'inherit'],
      });
      child.on('error', () => resolve(false));
      child.on('exit', (code) => resolve(code === 0));
    });
}

/** What ensureE2eBrowser uses; every part has the real one as its default. */
export interface EnsureOptions {
  exists?: (path: string) => boolean;
  playwrightPath?: string;
  install?: Installer;
  log?: (line: string) => void;
}

/**
 * The e2e browser, downloading Playwright's Chromium first when the machine has none; null (after
 * printing NO_BROWSER) when the download fails or leaves no browser behind.
 */
export async function ensureE2eBrowser({
  exists = existsSync,
  playwrightPath = chromium.executablePath(),
  install = playwrightInstaller(),
  log = (line) => console.error(line),
}: EnsureOptions = {}): Promise<E2eBrowser> {
  const found = e2eBrowser(exists, playwrightPath);
  if (found) return found;
  log(`No browser for the end-to-end tests yet: downloading Playwright's Chromium (${INSTALL_COMMAND})...`);
  if ((await install()) && exists(playwrightPath)) return { kind: 'playwright' };
  log(NO_BROWSER);
  return null;
}

if (process.argv[1] === fileURLToPath(import.meta.url) && !(await ensureE2eBrowser())) process.exit(1);
