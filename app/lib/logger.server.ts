import pino from 'pino';
import { getEnv, isProduction } from './env.server.ts';

/** Structured logs: JSON in production, pretty in development (pino-pretty is a dev dependency). */
function createLogger() {
  const env = getEnv();
  if (!isProduction() && env.NODE_ENV === 'development') {
    try {
      return pino({ level: env.LOG_LEVEL, transport: { target: 'pino-pretty', options: { colorize: true } } });
    } catch {
      // pino-pretty is absent in a production install; fall back to JSON.
    }
  }
  return pino({ level: env.LOG_LEVEL });
}

export const logger = createLogger();
export type Logger = typeof logger;
