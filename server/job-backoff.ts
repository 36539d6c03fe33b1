import type { Logger } from 'pino';

export const MAX_BACKOFF_MS = 60_000;

/**
 * How a job loop waits after failures. While the database (or the mail server) is away every attempt fails: the
 * wait doubles from the loop's own interval up to a minute, and the failure is logged once when it starts and once
 * when the loop recovers, not on every attempt.
 */
export class FailureBackoff {
  private failures = 0;

  constructor(
    private readonly logger: Logger,
    private readonly what: string,
  ) {}

  /** Records a failure and answers how long to wait before the next attempt. */
  failed(error: unknown, intervalMs: number): number {
    this.failures++;
    if (this.failures === 1) this.logger.error({ err: error }, `${this.what} failed; retrying with back-off`);
    return Math.min(MAX_BACKOFF_MS, Math.max(intervalMs, 1) * 2 ** Math.min(this.failures, 16));
  }

  succeeded(): void {
    if (this.failures > 0) this.logger.info({ failures: this.failures }, `${this.what} recovered`);
    this.failures = 0;
  }

  get consecutiveFailures(): number {
    return this.failures;
  }
}
