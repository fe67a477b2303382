// Sums vitest's per-package "Tests  N passed | M failed" lines into one closing line that CI can read.
import { readFileSync } from 'node:fs';

const text = readFileSync(process.argv[2], 'utf8').replace(/\x1b\[[0-9;]*m/g, '');
const totals = { passed: 0, failed: 0, skipped: 0 };
let runs = 0;
for (const line of text.split('\n')) {
  const match = /\bTests\s+(.*)\(\d+\)\s*$/.exec(line);
  if (!match) continue;
  runs += 1;
  for (const part of match[1].split('|')) {
    const count = /(\d+)\s+(passed|failed|skipped)/.exec(part);
    if (count) totals[count[2]] += Number(count[1]);
  }
}
console.log(`\n${runs} vitest runs`);
console.log(`tests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
if (runs === 0 || totals.failed > 0) process.exit(1);
