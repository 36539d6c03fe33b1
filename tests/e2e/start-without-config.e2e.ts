/**
 * `npm install && npm start` must serve the site with no configuration at all: the production bundle started with
 * none of the settings a deployment gives (no PUBLIC_URL, session secret, SMTP or database URL) comes up, answers
 * its pages on localhost, warns that PUBLIC_URL is missing, refuses host names it was not told about, and lets
 * the first owner be created and set up.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, root, serverEntry } from './chaos-helpers.ts';

function runCommand(
  command: string,
  args: string[],
  env: Record<string, string | undefined>,
): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('error', reject);
    child.once('close', (status) => resolve({ status, stdout, stderr }));
  });
}

const home = mkdtempSync(path.join(tmpdir(), 'doorstep-bare-start-'));
afterAll(() => rmSync(home, { recursive: true, force: true }));

describe('a production start with no configuration', () => {
  it('serves the site on localhost, warns about PUBLIC_URL, answers other host names with 421 and sets up the first owner', async () => {
    const port = await freePort();
    // Only where the files go (a fresh folder instead of ./data) and no demo seed, which takes a minute: nothing a
    // deployment would configure.
    const env = {
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
    };
    const child = spawn(process.execPath, [serverEntry], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
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

      // The README's first step in the back office: the first owner, then their set-up page (which needs the key
      // that encrypts authenticator secrets: a single install makes its own).
      // Run without blocking this process: the server's log pipe must keep draining while the command waits on it.
      const created = await runCommand(
        'npm',
        [
          'run',
          '--silent',
          'staff:create',
          '--',
          '--email',
          'first@agency.example',
          '--name',
          'First Owner',
          '--role',
          'owner',
        ],
        env,
      );
      expect(created.status, created.stdout + created.stderr).toBe(0);
      const setupPath = /(\/admin\/setup\/[A-Za-z0-9_-]{43})/.exec(created.stdout)?.[1];
      expect(setupPath, created.stdout).toBeDefined();
      const setup = await fetch(`http://localhost:${port}${setupPath}`);
      expect(setup.status).toBe(200);
      expect(await setup.text()).toContain('data-testid="totp-secret"');
    } finally {
      child.kill('SIGTERM');
      await exited;
    }
  }, 90_000);
});
