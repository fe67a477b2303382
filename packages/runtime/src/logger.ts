import { pino, type Logger } from 'pino';
import type { Config } from './config.js';

/** Structured JSON logs; credentials are redacted even if a caller logs a whole request. */
export function createLogger(config: Pick<Config, 'LOG_LEVEL' | 'PETSTORE_ENV'>): Logger {
  return pino({
    level: config.LOG_LEVEL,
    base: { service: 'petstore', env: config.PETSTORE_ENV },
    redact: {
      paths: ['req.headers.authorization', 'headers.authorization', 'authorization', 'key', 'apiKey', '*.apiKey'],
      censor: '[redacted]',
    },
  });
}
