/**
 * The local control channel (docs/import.md, "Command and hand-off"). Embedded PGlite allows one process per data
 * folder, so a command that writes (an import) must not open the folder while the server runs: it hands the work
 * to the server instead. The server listens on a second, loopback-only port and writes a control file next to the
 * PGlite data (mode 0600: the port, a random token and its pid); a command that can read the file is the same user
 * on the same machine. Each request must come from a loopback address and carry the token. Commands are a registry
 * of named functions, so other writing commands can move onto the channel.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { rmSync } from 'node:fs';
import { readFile, rename, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Logger } from 'pino';

/** A named command: its input is untrusted JSON (check it); `progress` sends a line to the waiting command. */
export type ControlCommand = (input: unknown, progress: (event: unknown) => void) => Promise<unknown>;
export type ControlFile = { pid: number; port: number; token: string };

const MAX_REQUEST_BYTES = 64 * 1024;

/** The control file of a PGlite data folder: beside it, never inside (the folder is PGlite's). */
export function controlFilePath(pgliteDir: string): string {
  return `${pgliteDir.replace(/[/\\]+$/, '')}.control.json`;
}

function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  return address === '::1' || address.startsWith('127.') || address.startsWith('::ffff:127.');
}

function tokensMatch(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

export type ControlAnswer = { status: number; body: unknown } | { status: 200; command: string; input: unknown };

/**
 * The channel's decisions, apart from the socket: who may call and which command. A command to run is answered
 * with its name and input; anything else with a status and a body.
 */
export function checkControlRequest(
  request: {
    method: string;
    url: string;
    remoteAddress: string | undefined;
    authorization: string | undefined;
    body: string;
  },
  token: string,
  commands: Record<string, ControlCommand>,
): ControlAnswer {
  if (!isLoopback(request.remoteAddress))
    return { status: 403, body: { error: 'The control channel answers only this machine' } };
  const given = /^Bearer (.+)$/.exec(request.authorization ?? '')?.[1] ?? '';
  if (!tokensMatch(given, token)) return { status: 401, body: { error: 'Wrong or missing control token' } };
  if (request.method === 'GET' && request.url === '/_control/ping') return { status: 200, body: { pid: process.pid } };
  const name = /^\/_control\/([a-z][a-z0-9-]{0,40})$/.exec(request.url)?.[1];
  if (request.method !== 'POST' || !name || !Object.hasOwn(commands, name))
    return { status: 404, body: { error: 'No such control command' } };
  try {
    return { status: 200, command: name, input: request.body ? JSON.parse(request.body) : {} };
  } catch {
    return { status: 400, body: { error: 'The request is not JSON' } };
  }
}

/** Starts the channel on 127.0.0.1 (an ephemeral port) and writes the control file; close() removes both. */
export async function startControlChannel(options: {
  pgliteDir: string;
  commands: Record<string, ControlCommand>;
  logger: Logger;
}): Promise<{ close: () => Promise<void>; port: number }> {
  const token = randomBytes(32).toString('base64url');
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_REQUEST_BYTES) {
        res.writeHead(413).end();
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => {
      if (res.writableEnded) return;
      const answer = checkControlRequest(
        {
          method: req.method ?? 'GET',
          url: req.url ?? '/',
          remoteAddress: req.socket.remoteAddress,
          authorization: req.headers.authorization,
          body: Buffer.concat(chunks).toString('utf8'),
        },
        token,
        options.commands,
      );
      if (!('command' in answer)) {
        res.writeHead(answer.status, { 'content-type': 'application/json' }).end(JSON.stringify(answer.body));
        return;
      }
      // The answer streams as JSON lines (progress…, then the result), so a long command never waits on a silent
      // connection that a client's header or idle timeout would cut.
      res.writeHead(200, { 'content-type': 'application/x-ndjson' });
      const send = (line: unknown) => {
        if (!res.writableEnded) res.write(`${JSON.stringify(line)}\n`);
      };
      options.commands[answer.command]!(answer.input, (event) => send({ progress: event }))
        .then((result) => send({ result }))
        .catch((error: unknown) => {
          const isInputError = error instanceof Error && error.name === 'ZodError';
          if (!isInputError) options.logger.error({ err: error, command: answer.command }, 'a control command failed');
          send({ error: isInputError ? 'The command input is not valid' : 'The command failed; see the server log' });
        })
        .finally(() => res.end());
    });
  });
  // An import can take minutes: no request time limit on this local channel.
  server.requestTimeout = 0;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const file = controlFilePath(options.pgliteDir);
  const contents: ControlFile = { pid: process.pid, port, token };
  const temp = `${file}.${process.pid}.tmp`;
  await writeFile(temp, JSON.stringify(contents), { mode: 0o600 });
  await rename(temp, file);
  const removeFile = () => {
    // Only our own file: a newer server may have replaced it.
    try {
      rmSync(file, { force: true });
    } catch {
      // Nothing to remove.
    }
  };
  process.once('exit', removeFile);
  return {
    port,
    close: async () => {
      const current = await readFile(file, 'utf8').catch(() => '');
      if (current.includes(token)) removeFile();
      process.removeListener('exit', removeFile);
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
