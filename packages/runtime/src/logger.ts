import { pino, type DestinationStream, type Logger } from 'pino';
import type { Config } from './config.js';
import { stdoutLogSink } from './log-sink.js';

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
  return pino(options, destination ?? stdoutLogSink());
}
