// `npm start` runs the production bundle (the server and the app in one file): make it when it is missing or older
// than the sources that go into it.
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const buildFile = path.join(root, process.env.BUILD_DIR ?? 'build', 'server/index.js');

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
    ...['app', 'server', 'db', 'public'].map((dir) => newestMtime(path.join(root, dir))),
    statSync(path.join(root, 'package.json')).mtimeMs,
  ) > statSync(buildFile).mtimeMs;

if (!existsSync(buildFile) || sourcesChanged()) {
  console.log('Building the site for production (first start or changed sources)…');
  execSync('npm run build', { cwd: root, stdio: 'inherit' });
}
