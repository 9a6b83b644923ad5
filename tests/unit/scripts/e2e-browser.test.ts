import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type RequestListener } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { crc32 } from 'node:zlib';
import { afterEach, describe, expect, test } from 'vitest';
import {
  e2eBrowser,
  ensureE2eBrowser,
  INSTALL_COMMAND,
  NO_BROWSER,
  playwrightInstaller,
  SYSTEM_CHROMIUM,
} from '../../../scripts/e2e-browser.ts';

const OWN = '/root/.cache/ms-playwright/chromium-1234/chrome-linux/chrome';

describe('e2eBrowser', () => {
  test("Playwright's own Chromium first, then the system's, else none", () => {
    expect(e2eBrowser(() => true, OWN)).toEqual({ kind: 'playwright' });
    expect(e2eBrowser((path) => path === SYSTEM_CHROMIUM, OWN)).toEqual({
      kind: 'system',
      executablePath: SYSTEM_CHROMIUM,
    });
    expect(e2eBrowser(() => false, OWN)).toBeNull();
  });

  test('the line for a machine without one names the commands that install one', () => {
    expect(INSTALL_COMMAND).toBe('npx playwright install chromium');
    expect(NO_BROWSER).toBe(
      'No browser for the end-to-end tests: run `npx playwright install chromium` (or `apt-get install chromium`), then `npm test` again.',
    );
    expect(NO_BROWSER.split('\n')).toHaveLength(1);
  });

  test('`npm test` checks first (pretest), and this machine passes', () => {
    const pkg = JSON.parse(readFileSync(join(import.meta.dirname, '../../../package.json'), 'utf8')) as {
      scripts: Record<string, string>;
    };
    expect(pkg.scripts['pretest']).toBe('node scripts/e2e-browser.ts');
    const result = spawnSync(process.execPath, [join(import.meta.dirname, '../../../scripts/e2e-browser.ts')]);
    expect(result.status).toBe(0);
    expect(result.stderr.toString()).toBe('');
  });
});

describe('ensureE2eBrowser', () => {
  /** A machine whose files are `present`; the installer, when it succeeds, adds Playwright's Chromium. */
  function machine(present: string[], installs: boolean) {
    const files = new Set(present);
    const lines: string[] = [];
    let installed = 0;
    return {
      lines,
      installs: () => installed,
      options: {
        exists: (path: string) => files.has(path),
        playwrightPath: OWN,
        install: () => {
          installed += 1;
          if (installs) files.add(OWN);
          return Promise.resolve(installs);
        },
        log: (line: string) => lines.push(line),
      },
    };
  }

  test('a browser already there is used as it is: nothing downloaded, nothing said', async () => {
    for (const present of [[OWN], [SYSTEM_CHROMIUM], [OWN, SYSTEM_CHROMIUM]]) {
      const m = machine(present, true);
      expect(await ensureE2eBrowser(m.options)).toEqual(e2eBrowser(m.options.exists, OWN));
      expect(m.installs()).toBe(0);
      expect(m.lines).toEqual([]);
    }
  });

  test("with none, Playwright's Chromium is downloaded and used", async () => {
    const m = machine([], true);
    expect(await ensureE2eBrowser(m.options)).toEqual({ kind: 'playwright' });
    expect(m.installs()).toBe(1);
    expect(m.lines).toEqual([
      "No browser for the end-to-end tests yet: downloading Playwright's Chromium (npx playwright install chromium)...",
    ]);
  });

  test('when the download fails, it stops with the commands to run', async () => {
    const m = machine([], false);
    expect(await ensureE2eBrowser(m.options)).toBeNull();
    expect(m.installs()).toBe(1);
    expect(m.lines.at(-1)).toBe(NO_BROWSER);
  });

  test('an installer that says it succeeded but left no browser is a failure too', async () => {
    const m = machine([], false);
    m.options.install = () => Promise.resolve(true);
    expect(await ensureE2eBrowser(m.options)).toBeNull();
    expect(m.lines.at(-1)).toBe(NO_BROWSER);
  });
});

/** A zip of one executable file, stored uncompressed, as Playwright's browser archives hold one. */
function zipOf(path: string, content: string): Buffer {
  const name = Buffer.from(path);
  const data = Buffer.from(content);
  const crc = crc32(data);
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4); // version needed
  local.writeUInt16LE(0x21, 12); // 1980-01-01
  local.writeUInt32LE(crc, 14);
  local.writeUInt32LE(data.length, 18);
  local.writeUInt32LE(data.length, 22);
  local.writeUInt16LE(name.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE((3 << 8) | 20, 4); // made on Unix, so the mode below counts
  central.writeUInt16LE(20, 6);
  central.writeUInt16LE(0x21, 14);
  central.writeUInt32LE(crc, 16);
  central.writeUInt32LE(data.length, 20);
  central.writeUInt32LE(data.length, 24);
  central.writeUInt16LE(name.length, 28);
  central.writeUInt32LE((0o100755 << 16) >>> 0, 38);
  const centralAt = local.length + name.length + data.length;
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(central.length + name.length, 12);
  end.writeUInt32LE(centralAt, 16);
  return Buffer.concat([local, name, data, central, name, end]);
}

describe("playwrightInstaller, Playwright's real installer against a local download mirror", () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  /**
   * Runs ensureE2eBrowser on a machine with neither browser (this one's /usr/bin/chromium is not
   * looked at), the real installer downloading from a local mirror that `answer`s, browsers going
   * to a fresh folder. Returns the result, the lines printed, the paths asked for, and the folder.
   */
  async function withMirror(answer: RequestListener) {
    const asked: string[] = [];
    const mirror = createServer((req, res) => {
      asked.push(req.url ?? '');
      answer(req, res);
    });
    await new Promise<void>((resolve) => mirror.listen(0, '127.0.0.1', resolve));
    const browsers = mkdtempSync(join(tmpdir(), 'shm-e2e-browsers-'));
    dirs.push(browsers);
    const env = { ...process.env, PLAYWRIGHT_BROWSERS_PATH: browsers };
    // Where Playwright, run with that folder, looks for its Chromium.
    const playwrightPath = spawnSync(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        "import { chromium } from '@playwright/test'; console.log(chromium.executablePath());",
      ],
      { env, cwd: join(import.meta.dirname, '../../..') },
    )
      .stdout.toString()
      .trim();
    expect(playwrightPath.startsWith(browsers)).toBe(true);
    const lines: string[] = [];
    try {
      const { port } = mirror.address() as AddressInfo;
      const browser = await ensureE2eBrowser({
        exists: (path) => path !== SYSTEM_CHROMIUM && existsSync(path),
        playwrightPath,
        install: playwrightInstaller({ ...env, PLAYWRIGHT_DOWNLOAD_HOST: `http://127.0.0.1:${port}` }),
        log: (line) => lines.push(line),
      });
      return { browser, lines, asked, playwrightPath };
    } finally {
      await new Promise((resolve) => mirror.close(resolve));
    }
  }

  test('a mirror that has the archives: Chromium is downloaded, unpacked and used', async () => {
    const { browser, lines, asked, playwrightPath } = await withMirror((req, res) => {
      // Each archive holds its executable under a folder named after it, as Playwright's do.
      const archive = basename(req.url ?? '', '.zip');
      const executable = archive
        .replace(/^chrome-headless-shell-.*/, '$&/chrome-headless-shell')
        .replace(/^chrome-linux64$/, '$&/chrome');
      res.writeHead(200, { 'content-type': 'application/zip' }).end(zipOf(executable, '#!/bin/sh\nexit 0\n'));
    });
    expect(browser).toEqual({ kind: 'playwright' });
    expect(existsSync(playwrightPath)).toBe(true);
    expect(lines).toEqual([
      "No browser for the end-to-end tests yet: downloading Playwright's Chromium (npx playwright install chromium)...",
    ]);
    expect(
      asked.some((url) => url.endsWith('/chrome-linux64.zip')),
      asked.join('\n'),
    ).toBe(true);
  }, 120_000);

  test('a mirror that answers 404: the download fails and the script stops with the commands', async () => {
    const { browser, lines, asked, playwrightPath } = await withMirror((_req, res) => {
      res.writeHead(404).end('not here');
    });
    expect(browser).toBeNull();
    expect(lines.at(-1)).toBe(NO_BROWSER);
    expect(existsSync(playwrightPath)).toBe(false);
    // It really asked the mirror for Chromium's archive (once per attempt).
    expect(asked.length).toBeGreaterThan(0);
    expect(
      asked.every((url) => url.endsWith('/chrome-linux64.zip')),
      asked.join('\n'),
    ).toBe(true);
  }, 120_000);
});
