/**
 * `npm install && npm start` must serve the site with no configuration at all: the production bundle started with
 * none of the settings a deployment gives (no PUBLIC_URL, session secret, SMTP or database URL) comes up, answers
 * its pages on localhost, warns that PUBLIC_URL is missing, and refuses host names it was not told about.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, root, serverEntry } from './chaos-helpers.ts';

const home = mkdtempSync(path.join(tmpdir(), 'doorstep-bare-start-'));
afterAll(() => rmSync(home, { recursive: true, force: true }));

describe('a production start with no configuration', () => {
  it('serves the site on localhost, warns about PUBLIC_URL and answers other host names with 421', async () => {
    const port = await freePort();
    // Only where the files go (a fresh folder instead of ./data) and no demo seed, which takes a minute: nothing a
    // deployment would configure.
    const child = spawn(process.execPath, [serverEntry], {
      cwd: root,
      env: {
        PATH: process.env.PATH,
        HOME: home,
        NODE_ENV: 'production',
        PORT: String(port),
        SEED_ON_EMPTY: 'false',
        PGLITE_DIR: path.join(home, 'pglite'),
        MEDIA_DIR: path.join(home, 'media'),
        IMAGE_CACHE_DIR: path.join(home, 'image-cache'),
        MAIL_DIR: path.join(home, 'mail'),
        UPLOAD_DIR: path.join(home, 'uploads'),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise((resolve) => child.once('exit', resolve));
    try {
      const base = `http://127.0.0.1:${port}`;
      const deadline = Date.now() + 60_000;
      for (;;) {
        expect(child.exitCode, output).toBeNull();
        const ready = await fetch(`${base}/readyz`).then(
          (response) => response.status === 200,
          () => false,
        );
        if (ready) break;
        expect(Date.now() < deadline, `not ready within a minute:\n${output}`).toBe(true);
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      const page = await fetch(`http://localhost:${port}/search?channel=sales`);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain(`href="http://localhost:${port}/search`);
      expect(output).toContain('PUBLIC_URL is not set');
      const foreignHost = await new Promise<number | undefined>((resolve, reject) => {
        http
          .get(`${base}/`, { headers: { host: 'www.elsewhere.example' } }, (response) => {
            response.resume();
            resolve(response.statusCode);
          })
          .on('error', reject);
      });
      expect(foreignHost).toBe(421);
    } finally {
      child.kill('SIGTERM');
      await exited;
    }
  }, 90_000);
});
