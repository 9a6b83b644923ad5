/**
 * The bench's reference page (bench/README.md#the-reference-page): bench/reference/, the home page
 * as a client-rendered React single-page app, built here with esbuild (minified ES modules, the
 * page a lazily loaded route chunk, production React) from the locked packages, with its hero
 * photo drawn here (a fixed 1280 x 720 PNG), and served as a site builder's host would: brotli or
 * gzip as the browser asks, over HTTP/1.1 on 127.0.0.1. Its cost is fixed, so a page's
 * Lighthouse figures divided by the reference's, measured right before them, cancel out how busy
 * the machine was.
 */
import { createServer, type Server } from 'node:http';
import { copyFile, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, constants, crc32, deflateSync, gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import sirv from 'sirv';

const SOURCE = join(import.meta.dirname, '..', 'reference');

/** The reference app, built and served. */
export interface ReferenceServer {
  /** `http://127.0.0.1:<port>/`: the page to measure. */
  readonly url: string;
  /** A page with one heading and one paragraph: what any navigation costs (bench/reference/floor.html). */
  readonly floorUrl: string;
  /** Its scripts as transferred with gzip, in bytes (the figure a site builder's app is quoted by). */
  readonly scriptGzipBytes: number;
  stop(): Promise<void>;
}

/** One PNG chunk: length, type, data, CRC. */
function pngChunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/**
 * The hero photo: 1280 x 720, a sky-to-floor gradient with fine grain from a fixed seed, about the
 * weight of the stock photos such apps put there (the same bytes every build).
 */
export function heroPng(width = 1280, height = 720): Buffer {
  const GRAIN = 6;
  const BLOCK = 2;
  let seed = 0x2f6b_4a1d;
  const random = () => {
    seed = (Math.imul(seed, 1_664_525) + 1_013_904_223) >>> 0;
    return seed / 2 ** 32;
  };
  const rows = Buffer.alloc((width * 3 + 1) * height);
  // Grain in 2 x 2 blocks, as a compressed photo keeps it.
  const grains = Array.from({ length: Math.ceil(width / BLOCK) * Math.ceil(height / BLOCK) }, () =>
    Math.round((random() - 0.5) * GRAIN),
  );
  for (let y = 0; y < height; y += 1) {
    const row = y * (width * 3 + 1);
    for (let x = 0; x < width; x += 1) {
      const grain = grains[Math.floor(y / BLOCK) * Math.ceil(width / BLOCK) + Math.floor(x / BLOCK)]!;
      const i = row + 1 + x * 3;
      rows[i] = Math.max(0, Math.min(255, 40 + (150 * y) / height + grain));
      rows[i + 1] = Math.max(0, Math.min(255, 110 + (90 * x) / width + grain));
      rows[i + 2] = Math.max(0, Math.min(255, 200 - (120 * y) / height + grain));
    }
  }
  // Each row with the PNG 'Sub' filter (each byte less the one a pixel to its left), as encoders do.
  for (let y = 0; y < height; y += 1) {
    const row = y * (width * 3 + 1);
    for (let i = row + width * 3; i > row + 3; i -= 1) rows[i] = (rows[i]! - rows[i - 3]!) & 0xff;
    rows[row] = 1;
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(rows, { level: 9 })),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Builds bench/reference into a temporary folder, with .br and .gz beside every text file. */
async function buildReference(): Promise<{ dir: string; scriptGzipBytes: number }> {
  const dir = await mkdtemp(join(tmpdir(), 'shm-reference-'));
  await build({
    entryPoints: { app: join(SOURCE, 'app.tsx') },
    outdir: dir,
    bundle: true,
    splitting: true,
    chunkNames: 'chunk-[hash]',
    minify: true,
    format: 'esm',
    target: 'es2022',
    jsx: 'automatic',
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'error',
  });
  await copyFile(join(SOURCE, 'index.html'), join(dir, 'index.html'));
  await copyFile(join(SOURCE, 'floor.html'), join(dir, 'floor.html'));
  await copyFile(join(SOURCE, 'app.css'), join(dir, 'app.css'));
  await writeFile(join(dir, 'hero.png'), heroPng());
  let scriptGzipBytes = 0;
  for (const name of await readdir(dir)) {
    if (name.endsWith('.png')) continue;
    const body = await readFile(join(dir, name));
    const gzipped = gzipSync(body, { level: 9 });
    if (name.endsWith('.js')) scriptGzipBytes += gzipped.length;
    await writeFile(join(dir, `${name}.gz`), gzipped);
    await writeFile(
      join(dir, `${name}.br`),
      brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
    );
  }
  return { dir, scriptGzipBytes };
}

/** Builds the reference and serves it on a free port of 127.0.0.1 until `stop`. */
export async function startReferenceServer(): Promise<ReferenceServer> {
  const { dir, scriptGzipBytes } = await buildReference();
  const serve = sirv(dir, { brotli: true, gzip: true, etag: true, dev: false });
  const server: Server = createServer((req, res) =>
    serve(req, res, () => {
      res.statusCode = 404;
      res.end('Not found');
    }),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}/`,
    floorUrl: `http://127.0.0.1:${port}/floor.html`,
    scriptGzipBytes,
    stop: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await rm(dir, { recursive: true, force: true });
    },
  };
}
