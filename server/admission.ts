import type { IncomingMessage, ServerResponse } from 'node:http';
import type { MiddlewareHandler } from 'hono';
import type { Logger } from 'pino';
import { errorResponse } from './error-pages.ts';

/**
 * Admission control in front of the page and call handler. The embedded database runs one query at a time on the
 * main thread, so a crowd of requests all started at once share the CPU and every one of them gets slow, and the
 * order in which they finish is left to chance: under load some waited over 10 s. Here at most `maxActive` requests
 * are handled at once; the others wait in line, first come first served whatever they are (page views and lead
 * posts alike), and a request that would wait longer than `maxWaitMs` is turned away at once with a 503 and
 * Retry-After instead of queueing without limit.
 *
 * Fairness between connections: each connection has its own line, and the lines are served in turn (round robin),
 * so one client pipelining a hundred requests on one keep-alive connection gets one turn per round like everybody
 * else; past `maxQueuedPerConnection` its further requests are turned away, never anyone else's.
 */

export type AdmissionOptions = {
  /** Requests handled at once. */
  maxActive: number;
  /** The longest a request may wait for its turn; a request predicted to wait longer is turned away at once. */
  maxWaitMs: number;
  /** Waiting requests in all; past this, new requests are turned away. */
  maxQueued: number;
  /** Waiting requests of one connection (pipelining); past this, that connection's requests are turned away. */
  maxQueuedPerConnection: number;
};

/** Why a request was not handled: the line was too long or too slow, or the client went away while it waited. */
type Refusal = 'overloaded' | 'client closed';
export type Admission = { release: () => void } | { refused: Refusal };

type Waiter = {
  connection: object;
  admit: (admission: Admission) => void;
  timer: NodeJS.Timeout;
  onAbort: () => void;
  signal: AbortSignal | undefined;
};

/** The weight of a new measurement in the moving average of how long a request holds its turn. */
const SERVICE_TIME_WEIGHT = 0.1;

export class AdmissionQueue {
  private active = 0;
  private queued = 0;
  /** One line per connection with waiting requests; a Map keeps insertion order, which makes the round robin. */
  private readonly lines = new Map<object, Waiter[]>();
  /** Moving average of how long an admitted request holds its turn, to predict a newcomer's wait. */
  private serviceMs = 0;

  constructor(private readonly options: AdmissionOptions) {}

  get activeCount(): number {
    return this.active;
  }

  get queuedCount(): number {
    return this.queued;
  }

  /**
   * The expected wait of a request joining the back of the line now: a turn frees every serviceMs / maxActive on
   * average. Not rounded up to whole rounds, so one slow request in hand does not turn away the next visitor.
   */
  private predictedWaitMs(): number {
    return ((this.queued + 1) * this.serviceMs) / this.options.maxActive;
  }

  /**
   * Resolves when the request may be handled (call `release` when it is done), or with the reason it must not be.
   * `connection` identifies the client connection (the socket); `signal` aborts when the client goes away.
   */
  admit(connection: object, signal?: AbortSignal): Promise<Admission> {
    if (signal?.aborted) return Promise.resolve({ refused: 'client closed' });
    if (this.active < this.options.maxActive && this.queued === 0) return Promise.resolve(this.start());
    const line = this.lines.get(connection);
    if (
      this.queued >= this.options.maxQueued ||
      (line?.length ?? 0) >= this.options.maxQueuedPerConnection ||
      this.predictedWaitMs() > this.options.maxWaitMs
    ) {
      return Promise.resolve({ refused: 'overloaded' });
    }
    return new Promise<Admission>((resolve) => {
      const waiter: Waiter = {
        connection,
        signal,
        admit: resolve,
        timer: setTimeout(() => {
          if (this.remove(waiter)) resolve({ refused: 'overloaded' });
        }, this.options.maxWaitMs),
        onAbort: () => {
          if (this.remove(waiter)) resolve({ refused: 'client closed' });
        },
      };
      signal?.addEventListener('abort', waiter.onAbort, { once: true });
      if (line) line.push(waiter);
      else this.lines.set(connection, [waiter]);
      this.queued += 1;
    });
  }

  private start(): Admission {
    this.active += 1;
    const started = performance.now();
    let isReleased = false;
    return {
      release: () => {
        if (isReleased) return;
        isReleased = true;
        this.active -= 1;
        const elapsed = performance.now() - started;
        this.serviceMs =
          this.serviceMs === 0 ? elapsed : this.serviceMs + SERVICE_TIME_WEIGHT * (elapsed - this.serviceMs);
        this.next();
      },
    };
  }

  /** Gives free turns to the connections in line, one request per connection per round. */
  private next(): void {
    while (this.active < this.options.maxActive) {
      const first = this.lines.entries().next();
      if (first.done) return;
      const [connection, line] = first.value;
      const waiter = line.shift()!;
      this.lines.delete(connection);
      // Back of the round: the connection's next request waits for every other connection's turn.
      if (line.length > 0) this.lines.set(connection, line);
      this.queued -= 1;
      this.settle(waiter);
      waiter.admit(this.start());
    }
  }

  private remove(waiter: Waiter): boolean {
    const line = this.lines.get(waiter.connection);
    const index = line?.indexOf(waiter) ?? -1;
    if (!line || index < 0) return false;
    line.splice(index, 1);
    if (line.length === 0) this.lines.delete(waiter.connection);
    this.queued -= 1;
    this.settle(waiter);
    return true;
  }

  private settle(waiter: Waiter): void {
    clearTimeout(waiter.timer);
    waiter.signal?.removeEventListener('abort', waiter.onAbort);
  }
}

/** Seconds a client turned away for load is asked to wait: the line is short again within moments. */
const OVERLOAD_RETRY_AFTER_SECONDS = 1;
const OVERLOAD_MESSAGE = 'Sorry, the site is very busy right now. Please try again in a moment.';
/** nginx's code for a request whose client closed the connection before the answer: it is logged, never sent. */
export const CLIENT_CLOSED_STATUS = 499;

/**
 * The queue as middleware: requests wait for their turn here and hold it until their answer is ready. The
 * connection is the request's socket (@hono/node-server passes the Node request as `incoming`); without one (an
 * in-process request in tests) each request is its own connection.
 */
export function admitInTurn(queue: AdmissionQueue, logger: Logger): MiddlewareHandler {
  return async (c, next) => {
    const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
    const admission = await queue.admit(incoming?.socket ?? c.req.raw, c.req.raw.signal);
    if ('refused' in admission) {
      if (admission.refused === 'client closed') return new Response(null, { status: CLIENT_CLOSED_STATUS });
      logger.warn(
        { path: new URL(c.req.url).pathname, active: queue.activeCount, queued: queue.queuedCount },
        'turned away: the server is busy (503)',
      );
      return errorResponse(c.req.raw, 503, OVERLOAD_MESSAGE, {
        'Retry-After': String(OVERLOAD_RETRY_AFTER_SECONDS),
      });
    }
    try {
      await next();
    } catch (error) {
      admission.release();
      throw error;
    }
    // The turn lasts until the answer has been written out: streaming and compressing the body is work on the same
    // thread, and releasing earlier let newcomers in while the bodies of the admitted crawled out behind them.
    const outgoing = (c.env as { outgoing?: ServerResponse } | undefined)?.outgoing;
    if (!outgoing || outgoing.writableFinished || outgoing.destroyed) admission.release();
    else {
      outgoing.once('finish', admission.release);
      outgoing.once('close', admission.release);
    }
  };
}
