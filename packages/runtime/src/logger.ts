import { pino, type DestinationStream, type Logger } from 'pino';
import type { Config } from './config.js';

/**
 * Structured JSON logs on stdout (or `destination`, for tests that read them); credentials are
 * redacted even if a caller logs a whole request.
 */
export function createLogger(config: Pick<Config, 'LOG_LEVEL' | 'PETSTORE_ENV'>, destination?: DestinationStream): Logger {
  const options = {
    level: config.LOG_LEVEL,
    base: { service: 'petstore', env: config.PETSTORE_ENV },
    redact: {
      paths: ['req.headers.authorization', 'headers.authorization', 'authorization', 'key', 'apiKey', '*.apiKey'],
      censor: '[redacted]',
    },
  };
  // Buffered, asynchronous writes keep logging off the request path; pino flushes them on exit.
  return pino(options, destination ?? pino.destination({ dest: 1, sync: false, minLength: 4096 }));
}
