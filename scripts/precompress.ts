/**
 * Writes brotli and gzip copies of the built site's text files next to them, so the server
 * sends compressed bytes without compressing on every request. Run after `astro build`.
 */
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const COMPRESSIBLE = /\.(?:html|css|js|mjs|json|svg|xml|txt|ics|webmanifest)$/;
const MIN_BYTES = 512;
const dist = new URL('../dist/', import.meta.url);

let files = 0;
let before = 0;
let after = 0;
for (const entry of await readdir(dist, { recursive: true, withFileTypes: true })) {
  if (!entry.isFile() || !COMPRESSIBLE.test(entry.name)) continue;
  const path = join(entry.parentPath, entry.name);
  const body = await readFile(path);
  if (body.length < MIN_BYTES) continue;
  const br = brotliCompressSync(body, {
    params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
  });
  await writeFile(`${path}.br`, br);
  await writeFile(`${path}.gz`, gzipSync(body, { level: 9 }));
  files += 1;
  before += body.length;
  after += br.length;
}
console.log(`precompress: ${files} files, ${(before / 1024).toFixed(1)} KB -> ${(after / 1024).toFixed(1)} KB brotli`);
