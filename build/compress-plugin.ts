// Build step: writes a brotli (.br) and a gzip (.gz) copy beside every compressible file of the
// built PWA, at the highest levels (done once, so the server never compresses a static file per
// request). Runs after every other plugin has written its files (the service worker included).
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|webmanifest|txt|xml|wasm|ttf)$/;
/** Below this a compressed copy saves less than a packet and costs the decoder a step. */
const MIN_BYTES = 1024;

function* files(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* files(path);
    else yield path;
  }
}

export function compressFiles(dir: string): number {
  let written = 0;
  for (const path of files(dir)) {
    if (!COMPRESSIBLE.test(path) || path.includes('/.vite/')) continue;
    const body = readFileSync(path);
    if (body.length < MIN_BYTES) continue;
    writeFileSync(
      `${path}.br`,
      brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
    );
    writeFileSync(`${path}.gz`, gzipSync(body, { level: 9 }));
    written++;
  }
  return written;
}

export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      handler() {
        compressFiles(outDir);
      },
    },
  };
}
