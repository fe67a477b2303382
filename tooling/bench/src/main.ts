#!/usr/bin/env node
import { fileURLToPath } from 'node:url';
import { writeResults } from './benchmarks-file.js';
import { formatCount, formatMs, formatPercent, formatRatio } from './format.js';
import { evaluateGoals, issueGoals } from './goals.js';
import { runLoad, type LoadRequest, type Processes } from './load.js';
import { describeMachine } from './machine.js';
import { openMongo } from './database.js';
import { log } from './log.js';
import type { TargetOutcome } from './outcome.js';
import { childPidsNamed, choosePinning, pinProcess } from './pinning.js';
import type { Window } from './profile-summary.js';
import { monotonicMicros, profileRunDir, summarizeProfiles, writeWindows } from './profiles.js';
import { renderReport } from './report.js';
import type { ServerProcess } from './server-process.js';
import { readSettings } from './settings.js';
import { startTarget } from './start-target.js';
import { ratio, rotate } from './stats.js';
import { allTargets, selectTargets } from './targets.js';

const BENCHMARKS_FILE = fileURLToPath(new URL('../../../BENCHMARKS.md', import.meta.url));

/** Runs issue 7's benchmark; resolves to the exit code. */
async function main(): Promise<number> {
  const settings = readSettings(process.env);
  const started = performance.now();
  const machine = describeMachine();
  const runId = Date.now().toString(36);
  const targets = selectTargets(allTargets(settings.scalePets), settings.only);
  const outcomes = new Map<string, TargetOutcome>(targets.map((spec) => [spec.id, { spec, status: 'measured', rounds: [] }]));
  const fail = (id: string, note: string): void => {
    const outcome = outcomes.get(id) as TargetOutcome;
    outcome.status = 'failed';
    outcome.note = note;
    log(`FAIL  ${id}: ${note}`);
  };
  log(
    `petstore bench: ${targets.length} targets, ${settings.rounds} round(s) × ${settings.seconds} s, warm-up ${settings.warmupSeconds} s, ${settings.connections} connections` +
      `${settings.quick ? ' (BENCH_QUICK)' : ''}; load average ${machine.loadAverage.toFixed(2)}`,
  );

  const cleanups: (() => Promise<void>)[] = [];
  const servers = new Map<string, ServerProcess>();
  try {
    // The database first, before this process pins itself, so a first-time FerretDB build uses every core.
    const mongo = await openMongo(targets, cleanups);
    for (const target of targets) {
      if (target.store !== 'mongodb' || mongo.uri !== undefined) continue;
      const outcome = outcomes.get(target.id) as TargetOutcome;
      outcome.status = 'skipped';
      outcome.note = mongo.description;
    }

    const pinning = choosePinning();
    if (pinning) {
      pinProcess(process.pid, pinning.loadCpu);
      if (mongo.ferret) {
        // With the load generator, not the server under test: a deployment's database has hosts of its
        // own, and sharing a core with it made the server's CPU per request a measure of the database's
        // cache and scheduling traffic (MongoDB targets need a few hundred requests a second of load,
        // a few per cent of that core).
        for (const pid of childPidsNamed('ferretdb')) pinProcess(pid, pinning.loadCpu);
        mongo.description += `, pinned to CPU ${pinning.loadCpu} with the load generator`;
      }
    } else {
      log('warning: not pinning (needs Linux, taskset and two CPUs): figures will be noisier');
    }

    const ferretPid = mongo.ferret ? childPidsNamed('ferretdb')[0] : undefined;
    const processesOf = (id: string): Processes => ({
      server: servers.get(id)?.pid,
      database: outcomes.get(id)?.spec.store === 'mongodb' ? ferretPid : undefined,
    });
    const profileDir = settings.profile ? profileRunDir(runId) : undefined;
    const requests = new Map<string, LoadRequest>();
    for (const target of targets) {
      if (outcomes.get(target.id)?.status !== 'measured') continue;
      const request = await startTarget(target, { mongoUri: mongo.uri, runId, cpu: pinning?.serverCpu ?? null, profileDir }, servers, outcomes, fail);
      if (request) requests.set(target.id, request);
    }

    log(`warm-up: ${settings.warmupSeconds} s per target`);
    for (const [id, request] of requests) {
      const result = await runLoad(request, { seconds: settings.warmupSeconds, connections: settings.connections }, processesOf(id));
      if (result.failure) fail(id, `during warm-up: ${result.failure}`);
    }

    const windows = new Map<string, Window[]>();
    const ids = [...requests.keys()];
    for (let round = 0; round < settings.rounds; round += 1) {
      log(`round ${round + 1}/${settings.rounds}`);
      for (const id of rotate(ids, round)) {
        const outcome = outcomes.get(id) as TargetOutcome;
        if (outcome.status !== 'measured') continue;
        const from = monotonicMicros();
        const result = await runLoad(requests.get(id) as LoadRequest, settings, processesOf(id));
        windows.set(id, [...(windows.get(id) ?? []), [from, monotonicMicros()]]);
        if (result.failure) {
          fail(id, result.failure);
          continue;
        }
        outcome.rounds[round] = result;
        const baselineId = outcome.spec.baselineIds[0];
        const baseline = baselineId ? outcomes.get(baselineId)?.rounds[round] : undefined;
        const versus = baseline ? `  ${formatRatio(ratio(result.requestsPerSecond, baseline.requestsPerSecond))} × ${baselineId}` : '';
        log(
          `  ${id.padEnd(22)} ${formatCount(result.requestsPerSecond).padStart(7)} req/s  p50 ${formatMs(result.p50Ms)} ms  p99 ${formatMs(result.p99Ms)} ms  CPU ${formatPercent(result.serverCpu)}${Number.isFinite(result.dbCpu) ? `+${formatPercent(result.dbCpu)}` : ''}/${formatPercent(result.loadCpu)}  ${formatCount(result.serverCpuUsPerRequest)}${Number.isFinite(result.dbCpuUsPerRequest) ? `+${formatCount(result.dbCpuUsPerRequest)}` : ''} µs/req${versus}`,
        );
      }
    }

    for (const [id, server] of servers) {
      const outcome = outcomes.get(id) as TargetOutcome;
      const peak = server.peakRssBytes();
      if (peak !== undefined) outcome.peakRssBytes = peak;
    }
    await Promise.all([...servers.values()].map((server) => server.stop()));
    if (profileDir) {
      await writeWindows(profileDir, windows);
      await summarizeProfiles(profileDir, log);
    }

    const all = [...outcomes.values()];
    const goals = evaluateGoals(issueGoals(settings), outcomes);
    const report = renderReport({
      machine,
      settings,
      pinning,
      mongo: mongo.description,
      outcomes: all,
      goals,
      durationSeconds: (performance.now() - started) / 1000,
    });
    log(`\n${report}\n`);

    const failed = all.filter((o) => o.status === 'failed');
    if (failed.length > 0) {
      log(`the run FAILED (${failed.map((o) => o.spec.id).join(', ')}): ${BENCHMARKS_FILE} left as it was`);
      return 1;
    }
    if (settings.write) {
      await writeResults(BENCHMARKS_FILE, report);
      log(`results written to ${BENCHMARKS_FILE}`);
    } else {
      log('results not written to BENCHMARKS.md (partial or quick run; BENCH_WRITE=1 forces it)');
    }
    const missed = goals.filter((g) => g.verdict === 'missed');
    if (missed.length > 0) log(`${missed.length} goal(s) missed${settings.strict ? ' (BENCH_STRICT: exit 2)' : ''}`);
    return settings.strict && missed.length > 0 ? 2 : 0;
  } finally {
    await Promise.all([...servers.values()].map((server) => server.stop().catch(() => {})));
    for (const cleanup of cleanups.reverse()) await cleanup().catch((error: unknown) => log(`cleanup: ${String(error)}`));
  }
}

process.exitCode = await main().catch((error: unknown) => {
  log(`bench crashed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  return 1;
});
