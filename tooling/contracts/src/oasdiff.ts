import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { ensureGoTool, goToolPath, type GoTool } from '@petstore/testdb';

const run = promisify(execFile);

/** oasdiff (https://github.com/oasdiff/oasdiff): breaking-change rules for OpenAPI 3.1 since v1.15. */
const OASDIFF: GoTool = { module: 'github.com/oasdiff/oasdiff', version: 'v1.36.0', command: 'oasdiff' };

export function oasdiffBinaryPath(): string {
  return goToolPath(OASDIFF);
}

/** Builds oasdiff with Go once per machine (the preparation step does, before the tests). */
export function ensureOasdiff(log: (line: string) => void = () => {}): Promise<string> {
  return ensureGoTool(OASDIFF, log);
}

interface OasdiffChange {
  id: string;
  text: string;
  level: number;
  operation?: string;
  path?: string;
}

/** oasdiff's level for a change that breaks clients (`ERR`); `WARN` ones only may. */
const BREAKING = 3;

/** What `revision` (a file) breaks of `base`, one line per change: `GET /pets: removed … [rule-id]`. */
export async function breakingOpenApiChanges(base: string, revision: string): Promise<string[]> {
  const { stdout } = await run(await ensureOasdiff(), ['breaking', base, revision, '--format', 'json'], { maxBuffer: 16 * 1024 * 1024 });
  const changes = (stdout.trim() === '' ? [] : JSON.parse(stdout)) as OasdiffChange[];
  return changes
    .filter((change) => change.level >= BREAKING)
    .map((change) => `${change.operation && change.path ? `${change.operation} ${change.path}: ` : ''}${change.text} [${change.id}]`);
}
