import { appendFileSync } from 'node:fs';
import { pino, type DestinationStream, type Logger } from 'pino';
import { ConfigError, type Config } from './config.js';
import { humanStdoutSink, wantsHumanLog } from './human-log.js';
import { fileLogSink, stdoutLogSink } from './log-sink.js';

/**
 * Structured JSON logs on stdout, or appended to LOG_FILE; in development on a terminal, the same
 * lines made readable (human-log.ts). Credentials are redacted even if a caller logs a whole request.
 */
export function createLogger(
  config: Pick<Config, 'LOG_LEVEL' | 'PETSTORE_ENV'> & Partial<Pick<Config, 'LOG_FILE'>>,
  terminal = process.stdout.isTTY === true,
): Logger {
  const options = {
    level: config.LOG_LEVEL,
    base: { service: 'petstore', env: config.PETSTORE_ENV },
    redact: {
      paths: ['req.headers.authorization', 'headers.authorization', 'authorization', 'key', 'apiKey', '*.apiKey'],
      censor: '[redacted]',
    },
  };
  return pino(options, wantsHumanLog(config, terminal) ? humanStdoutSink() : destination(config.LOG_FILE));
}

/** A file that cannot be written stops the start, as a bad variable does, rather than the first line logged. */
function destination(file: string | undefined): DestinationStream {
  if (file === undefined) return stdoutLogSink();
  try {
    appendFileSync(file, '');
  } catch (error) {
    throw new ConfigError(`invalid configuration: LOG_FILE cannot be appended to (${(error as NodeJS.ErrnoException).code ?? 'unknown error'})`);
  }
  return fileLogSink(file);
}
