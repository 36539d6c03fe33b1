// `npm start` serves a production build: make one when it is missing or older than the app's sources.
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const buildFile = path.join(root, 'build/server/index.js');

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestMtime(full));
    else newest = Math.max(newest, statSync(full).mtimeMs);
  }
  return newest;
}

const sourcesChanged = () =>
  Math.max(
    newestMtime(path.join(root, 'app')),
    newestMtime(path.join(root, 'public')),
    statSync(path.join(root, 'package.json')).mtimeMs,
  ) > statSync(buildFile).mtimeMs;

if (!existsSync(buildFile) || sourcesChanged()) {
  console.log('Building the site for production (first start or changed sources)…');
  execSync('npm run build', { cwd: root, stdio: 'inherit' });
}
