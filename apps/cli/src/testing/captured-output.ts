import type { Output } from '../output.js';

/** An Output that keeps what was written, for assertions. */
export function capturedOutput(): Output & { stdout: string[]; stderr: string[] } {
  const stdout: string[] = [];
  const stderr: string[] = [];
  return { stdout, stderr, out: (line) => void stdout.push(line), err: (line) => void stderr.push(line) };
}
