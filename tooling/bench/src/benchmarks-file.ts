import { readFile, writeFile } from 'node:fs/promises';

export const BEGIN_MARKER = '<!-- bench:results:begin — written by `npm run bench`; edit outside these markers -->';
export const END_MARKER = '<!-- bench:results:end -->';

/**
 * The document with the generated results put between the markers, leaving every hand-written
 * part (how to run, profile findings) as it was. Without markers, a results section is appended.
 */
export function withResults(document: string | undefined, results: string): string {
  const block = `${BEGIN_MARKER}\n\n${results.trim()}\n\n${END_MARKER}`;
  if (document === undefined || document.trim() === '') return `# Benchmarks\n\n## Latest results\n\n${block}\n`;
  const begin = document.indexOf(BEGIN_MARKER);
  const end = document.indexOf(END_MARKER);
  if (begin === -1 || end === -1 || end < begin) return `${document.trimEnd()}\n\n## Latest results\n\n${block}\n`;
  return `${document.slice(0, begin)}${block}${document.slice(end + END_MARKER.length)}`;
}

export async function writeResults(path: string, results: string): Promise<void> {
  const existing = await readFile(path, 'utf8').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return undefined;
    throw error;
  });
  await writeFile(path, withResults(existing, results));
}
