// After `react-router build`: write Brotli (.br) and gzip (.gz) copies of the hashed client assets at maximum
// compression, once, so the server sends them precompressed instead of compressing on every request.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { getScriptEnv } from '../app/lib/env.server.ts';

const root = path.resolve(import.meta.dirname, '..');
const assetsDir = path.join(root, getScriptEnv().BUILD_DIR, 'client', 'assets');
let files = 0;
let before = 0;
let after = 0;
for (const name of readdirSync(assetsDir)) {
  if (!/\.(js|css|svg|json)$/.test(name)) continue;
  const file = path.join(assetsDir, name);
  const content = readFileSync(file);
  const brotli = brotliCompressSync(content, {
    params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: content.length },
  });
  writeFileSync(`${file}.br`, brotli);
  writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
  files++;
  before += content.length;
  after += brotli.length;
}
console.log(
  `Precompressed ${files} assets: ${(before / 1024).toFixed(0)} KB → ${(after / 1024).toFixed(0)} KB with Brotli`,
);
