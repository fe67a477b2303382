import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A service's LOG_FILE, as an operator's log shipper would read it: the lines written so far, parsed. */
export interface LogFile {
  /** The value to give LOG_FILE. */
  path: string;
  /** Every line written so far, parsed; the service writes each turn's lines at once as the turn ends. */
  lines(): Array<Record<string, unknown>>;
  /** Keeps the lines written so far (lines() goes on answering them) and deletes the file. */
  remove(): void;
}

/** A fresh file, in a directory of its own under the system's temporary directory. */
export function logFile(): LogFile {
  const directory = mkdtempSync(join(tmpdir(), 'petstore-log-'));
  const path = join(directory, 'service.log');
  let kept: Array<Record<string, unknown>> | undefined;
  const read = (): Array<Record<string, unknown>> =>
    existsSync(path)
      ? readFileSync(path, 'utf8')
          .split('\n')
          .filter((line) => line !== '')
          .map((line) => JSON.parse(line) as Record<string, unknown>)
      : [];
  return {
    path,
    lines: () => kept ?? read(),
    remove: () => {
      kept ??= read();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
