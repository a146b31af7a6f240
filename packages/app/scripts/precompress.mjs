/*
 * After `vite build`: a Brotli (.br) and a gzip (.gz) copy of every text asset in dist/, so the server sends
 * the compressed copy to a browser that accepts it (@fastify/static's preCompressed) without compressing
 * anything per request. A copy that would save under a tenth of the file is not written; source maps (read by
 * developer tools only) are left as they are.
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const dist = fileURLToPath(new URL('../dist/', import.meta.url));
const TEXT = /\.(js|mjs|css|svg|json|txt|webmanifest)$/;
const MIN_BYTES = 1024;

/** Every file under `dir`, recursively. */
function files(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? files(full) : [full];
  });
}

let raw = 0;
let brotli = 0;
let count = 0;
for (const file of files(dist)) {
  // index.html is sent with a fresh nonce per response, never as a file.
  if (!TEXT.test(file) || statSync(file).size < MIN_BYTES) continue;
  const source = readFileSync(file);
  const copies = {
    br: brotliCompressSync(source, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: source.length },
    }),
    gz: gzipSync(source, { level: 9 }),
  };
  for (const [extension, copy] of Object.entries(copies)) {
    if (copy.length <= source.length * 0.9) writeFileSync(`${file}.${extension}`, copy);
  }
  raw += source.length;
  brotli += Math.min(copies.br.length, source.length);
  count += 1;
}
console.log(
  `precompressed ${count} files: ${(raw / 1024).toFixed(0)} KiB, ${(brotli / 1024).toFixed(0)} KiB with Brotli`,
);
