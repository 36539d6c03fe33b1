import { createServer, type Server, type Socket } from 'node:net';
import { SMTPServer } from 'smtp-server';

export type ReceivedEmail = { to: string[]; subject: string; raw: string };

/**
 * A local SMTP server on 127.0.0.1 that keeps what it receives. `stop` takes it down the way a mail server shuts
 * down: new connections and new transactions get 421, the transactions under way finish, then the port closes
 * (connection refused). `start` brings it back on the same port.
 */
export class SmtpSink {
  readonly received: ReceivedEmail[] = [];
  port = 0;
  private server: SMTPServer | null = null;
  private isDown = false;
  private readonly inTransaction = new Set<string>();

  async start(): Promise<void> {
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      closeTimeout: 50,
      logger: false,
      onConnect: (_session, callback) => {
        callback(this.isDown ? Object.assign(new Error('Shutting down'), { responseCode: 421 }) : undefined);
      },
      onMailFrom: (_address, session, callback) => {
        if (this.isDown) return callback(Object.assign(new Error('Shutting down'), { responseCode: 421 }));
        this.inTransaction.add(session.id);
        callback();
      },
      onClose: (session) => {
        this.inTransaction.delete(session.id);
      },
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          const raw = Buffer.concat(chunks).toString('utf8');
          const subject = /^Subject: (.*)$/m.exec(raw)?.[1]?.trim() ?? '';
          this.received.push({ to: session.envelope.rcptTo.map((rcpt) => rcpt.address), subject, raw });
          this.inTransaction.delete(session.id);
          callback();
        });
      },
    });
    server.on('error', () => undefined);
    await new Promise<void>((resolve, reject) => {
      server.server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => resolve());
    });
    const address = server.server.address();
    this.port = typeof address === 'object' && address ? address.port : this.port;
    this.server = server;
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = null;
    if (!server) return;
    this.isDown = true;
    while (this.inTransaction.size > 0) await new Promise((resolve) => setTimeout(resolve, 5));
    await new Promise<void>((resolve) => server.close(() => resolve()));
    this.isDown = false;
  }

  get url(): string {
    return `smtp://127.0.0.1:${this.port}`;
  }

  countBySubject(): Map<string, number> {
    const counts = new Map<string, number>();
    for (const email of this.received) counts.set(email.subject, (counts.get(email.subject) ?? 0) + 1);
    return counts;
  }
}

/** A server that accepts TCP connections and never says a word (no SMTP greeting): a hung mail server. */
export async function startSilentServer(): Promise<{ url: string; close: () => Promise<void> }> {
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('error', () => undefined);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `smtp://127.0.0.1:${port}`,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
