import type { Config } from './config.js';
import { TurnBatchedSink } from './log-sink.js';

const LEVELS: Record<number, string> = { 10: 'TRACE', 20: 'DEBUG', 30: 'INFO', 40: 'WARN', 50: 'ERROR', 60: 'FATAL' };
/** Fields every line has, or that a person at a terminal does not need to read. */
const UNREAD = new Set(['level', 'time', 'service', 'env', 'msg', 'requestId', 'door', 'traceId', 'spanId', 'keyId']);

/**
 * JSON is for machines (production, a pipe, a file); a person running `npm start` in a terminal
 * reads a line per request instead, so the development key above it does not scroll away in JSON.
 */
export function wantsHumanLog(config: Pick<Config, 'PETSTORE_ENV'> & Partial<Pick<Config, 'LOG_FILE'>>, terminal: boolean): boolean {
  return config.PETSTORE_ENV === 'development' && terminal && config.LOG_FILE === undefined;
}

/** The JSON lines as a person reads them: `14:02:03 GET /v1/pets 200 1.2 ms listPets`, or `14:02:03 INFO message field=value`. */
export function humanLines(text: string): string {
  return text
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => `${humanLine(line)}\n`)
    .join('');
}

function humanLine(line: string): string {
  let fields: Record<string, unknown>;
  try {
    fields = JSON.parse(line) as Record<string, unknown>;
  } catch {
    return line;
  }
  const time = new Date(Number(fields['time'])).toTimeString().slice(0, 8);
  if (fields['msg'] === 'request') {
    const { method, path, status, durationMs, operation } = fields;
    const request = `${time} ${String(method)} ${String(path)} ${String(status)} ${Number(durationMs).toFixed(1)} ms`;
    // `none`: refused before any operation was known (no key, no route).
    return operation === 'none' ? request : `${request} ${String(operation)}`;
  }
  const rest = Object.entries(fields)
    .filter(([name]) => !UNREAD.has(name))
    .map(([name, value]) => `${name}=${typeof value === 'string' && /^[^\s"=]+$/.test(value) ? value : JSON.stringify(value)}`);
  return [time, LEVELS[Number(fields['level'])] ?? 'LOG', typeof fields['msg'] === 'string' ? fields['msg'] : '', ...rest].join(' ');
}

let terminalSink: TurnBatchedSink | undefined;

/** The process's one sink of human-readable lines on standard output; what is pending is written on exit. */
export function humanStdoutSink(): TurnBatchedSink {
  if (!terminalSink) {
    const sink = new TurnBatchedSink({ write: (text: string) => process.stdout.write(humanLines(text)) });
    process.on('exit', sink.flush);
    terminalSink = sink;
  }
  return terminalSink;
}
