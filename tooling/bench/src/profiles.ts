import { mkdirSync } from 'node:fs';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { areaShares } from './profile-areas.js';
import { renderProfileSummary, summarizeProfile, type CpuProfile, type Window } from './profile-summary.js';

/** Now on the monotonic clock V8's profiler stamps samples with, in microseconds. */
export function monotonicMicros(): number {
  return Number(process.hrtime.bigint() / 1000n);
}

/** Records when each target was under measured load, for the summary to keep only those samples. */
export async function writeWindows(runDir: string, windows: ReadonlyMap<string, Window[]>): Promise<void> {
  for (const [id, list] of windows) await writeFile(join(runDir, id, 'windows.json'), JSON.stringify(list)).catch(() => {});
}

/** tooling/bench/profiles/<run>/: one folder per profiled target (git-ignored). */
export function profileRunDir(runId: string): string {
  const dir = fileURLToPath(new URL(`../profiles/${runId}`, import.meta.url));
  mkdirSync(dir, { recursive: true });
  return dir;
}

/** Summarises every .cpuprofile under the run's folder into summary.md beside it, and prints it. */
export async function summarizeProfiles(runDir: string, log: (line: string) => void): Promise<void> {
  const summaries: string[] = [];
  for (const target of (await readdir(runDir)).sort()) {
    const dir = join(runDir, target);
    const files = (await readdir(dir).catch(() => [])).filter((name) => name.endsWith('.cpuprofile'));
    const windows = await readFile(join(dir, 'windows.json'), 'utf8').then(
      (text) => JSON.parse(text) as Window[],
      () => undefined,
    );
    for (const file of files) {
      const profile = JSON.parse(await readFile(join(dir, file), 'utf8')) as CpuProfile;
      const during = windows ? 'measured runs only' : 'whole process';
      summaries.push(renderProfileSummary(`${target} (${during}; ${file})`, summarizeProfile(profile, { ...(windows && { windows }) })));
      const areas = areaShares(profile, windows).map(({ area, share }) => `| ${(share * 100).toFixed(1)}% | ${area} |`);
      summaries.push(['By area (innermost named frame on the stack):', '', '| share | area |', '| ---: | --- |', ...areas, ''].join('\n'));
    }
  }
  const text = summaries.join('\n');
  await writeFile(join(runDir, 'summary.md'), text);
  log(`\nCPU profiles in ${runDir} (open a .cpuprofile in Chrome DevTools; summary.md beside them)\n`);
  log(text);
}
