/** The command side of the control channel (server/control.ts): find a live server, hand it a command, wait. */
import { readFile, rm } from 'node:fs/promises';
import { controlFilePath, type ControlFile } from './control.ts';

function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * The running server that holds this PGlite folder, or null: the control file must name a live process that
 * answers a ping with the token. A file left by a server that died is removed.
 */
export async function findControlServer(pgliteDir: string): Promise<ControlFile | null> {
  const file = controlFilePath(pgliteDir);
  const text = await readFile(file, 'utf8').catch(() => null);
  if (text === null) return null;
  let info: ControlFile;
  try {
    info = JSON.parse(text) as ControlFile;
  } catch {
    return null;
  }
  if (!Number.isInteger(info.pid) || !Number.isInteger(info.port) || typeof info.token !== 'string') return null;
  if (!isProcessAlive(info.pid)) {
    await rm(file, { force: true });
    return null;
  }
  const ping = await fetch(`http://127.0.0.1:${info.port}/_control/ping`, {
    headers: { authorization: `Bearer ${info.token}` },
    signal: AbortSignal.timeout(3_000),
  }).catch(() => null);
  return ping?.ok ? info : null;
}

class ControlCommandFailed extends Error {}

/** Runs a named command on the server, passing its progress lines on, and answers its result. */
export async function callControlCommand(
  info: ControlFile,
  name: string,
  input: unknown,
  onProgress: (event: unknown) => void = () => undefined,
): Promise<unknown> {
  const response = await fetch(`http://127.0.0.1:${info.port}/_control/${name}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${info.token}`, 'content-type': 'application/json' },
    body: JSON.stringify(input),
  });
  if (!response.ok || !response.body) {
    const body = (await response.json().catch(() => ({}))) as { error?: string };
    throw new ControlCommandFailed(body.error ?? `The server answered HTTP ${response.status}`);
  }
  const decoder = new TextDecoder();
  let buffered = '';
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
    buffered += decoder.decode(chunk, { stream: true });
    let newline;
    while ((newline = buffered.indexOf('\n')) >= 0) {
      const line = JSON.parse(buffered.slice(0, newline)) as { progress?: unknown; result?: unknown; error?: string };
      buffered = buffered.slice(newline + 1);
      if (line.error) throw new ControlCommandFailed(line.error);
      if ('result' in line) return line.result;
      onProgress(line.progress);
    }
  }
  throw new ControlCommandFailed('The server closed the connection before answering');
}
