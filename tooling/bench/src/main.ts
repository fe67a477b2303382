#!/usr/bin/env node
import { fileURLToPath } from 'node:url';
import { FERRETDB_VERSION, startFerretDB, type TestDatabaseServer } from '@petstore/testdb';
import { writeResults } from './benchmarks-file.js';
import { formatCount, formatMs, formatPercent, formatRatio } from './format.js';
import { evaluateGoals, issueGoals } from './goals.js';
import { runLoad, type LoadRequest } from './load.js';
import { describeMachine } from './machine.js';
import { dropBenchDatabases } from './mongo-cleanup.js';
import type { TargetOutcome } from './outcome.js';
import { childPidsNamed, choosePinning, pinProcess } from './pinning.js';
import { preflight } from './preflight.js';
import type { Window } from './profile-summary.js';
import { monotonicMicros, profileRunDir, summarizeProfiles, writeWindows } from './profiles.js';
import { renderReport } from './report.js';
import { startServer, type ServerProcess } from './server-process.js';
import { readSettings, type BenchSettings } from './settings.js';
import { ratio, rotate } from './stats.js';
import { allTargets, selectTargets, type TargetSpec } from './targets.js';

const BENCHMARKS_FILE = fileURLToPath(new URL('../../../BENCHMARKS.md', import.meta.url));

const log = (line: string): void => void process.stdout.write(`${line}\n`);

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
        for (const pid of childPidsNamed('ferretdb')) pinProcess(pid, pinning.serverCpu);
        mongo.description += `, pinned to CPU ${pinning.serverCpu} with the servers under test`;
      }
    } else {
      log('warning: not pinning (needs Linux, taskset and two CPUs): figures will be noisier');
    }

    const profileDir = settings.profile ? profileRunDir(runId) : undefined;
    const requests = new Map<string, LoadRequest>();
    for (const target of targets) {
      if (outcomes.get(target.id)?.status !== 'measured') continue;
      const request = await startTarget(target, { settings, mongoUri: mongo.uri, runId, cpu: pinning?.serverCpu ?? null, profileDir }, servers, outcomes, fail);
      if (request) requests.set(target.id, request);
    }

    log(`warm-up: ${settings.warmupSeconds} s per target`);
    for (const [id, request] of requests) {
      const result = await runLoad(request, { seconds: settings.warmupSeconds, connections: settings.connections }, servers.get(id)?.pid);
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
        const result = await runLoad(requests.get(id) as LoadRequest, settings, servers.get(id)?.pid);
        windows.set(id, [...(windows.get(id) ?? []), [from, monotonicMicros()]]);
        if (result.failure) {
          fail(id, result.failure);
          continue;
        }
        outcome.rounds[round] = result;
        const baseline = outcome.spec.baselineId ? outcomes.get(outcome.spec.baselineId)?.rounds[round] : undefined;
        const versus = baseline ? `  ${formatRatio(ratio(result.requestsPerSecond, baseline.requestsPerSecond))} × baseline` : '';
        log(
          `  ${id.padEnd(22)} ${formatCount(result.requestsPerSecond).padStart(7)} req/s  p50 ${formatMs(result.p50Ms)} ms  p99 ${formatMs(result.p99Ms)} ms  CPU ${formatPercent(result.serverCpu)}/${formatPercent(result.loadCpu)}${versus}`,
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
    const goals = evaluateGoals(issueGoals(settings.scalePets), outcomes);
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

interface MongoTarget {
  uri: string | undefined;
  ferret: TestDatabaseServer | undefined;
  description: string;
}

/** MONGODB_URI when set; else FerretDB started for the run; else why the MongoDB targets cannot run. */
async function openMongo(targets: TargetSpec[], cleanups: (() => Promise<void>)[]): Promise<MongoTarget> {
  if (!targets.some((t) => t.store === 'mongodb')) return { uri: undefined, ferret: undefined, description: 'not run (BENCH_ONLY)' };
  const given = process.env['MONGODB_URI']?.trim();
  if (given) {
    cleanups.push(() => dropBenchDatabases(given));
    return { uri: given, ferret: undefined, description: 'the server at MONGODB_URI (not pinned)' };
  }
  log('starting FerretDB (the test database; built once into ~/.cache/petstore when missing)');
  try {
    const ferret = await startFerretDB((line) => log(`  ${line}`));
    cleanups.push(() => ferret.dispose());
    return { uri: ferret.uri, ferret, description: `FerretDB ${FERRETDB_VERSION} (SQLite backend), started by the bench` };
  } catch (error) {
    return { uri: undefined, ferret: undefined, description: `not measured: FerretDB could not start (${String(error).split('\n')[0]}); set MONGODB_URI` };
  }
}

interface StartContext {
  settings: BenchSettings;
  mongoUri: string | undefined;
  runId: string;
  cpu: number | null;
  profileDir: string | undefined;
}

/** Starts a target's server and checks one answer; the request to load it with, or undefined when it can't run. */
async function startTarget(
  target: TargetSpec,
  context: StartContext,
  servers: Map<string, ServerProcess>,
  outcomes: Map<string, TargetOutcome>,
  fail: (id: string, note: string) => void,
): Promise<LoadRequest | undefined> {
  const outcome = outcomes.get(target.id) as TargetOutcome;
  try {
    const nodeArgs = [
      ...(target.scale ? ['--expose-gc'] : []),
      ...(context.profileDir ? ['--cpu-prof', `--cpu-prof-dir=${context.profileDir}/${target.id}`] : []),
    ];
    const server = await startServer({ entry: target.entry, env: childEnv(target, context), cpu: context.cpu, nodeArgs });
    servers.set(target.id, server);
    if (server.ready.heapBytesPerPet !== undefined) outcome.heapBytesPerPet = server.ready.heapBytesPerPet;
    if (server.ready.seedMs !== undefined) outcome.seedMs = server.ready.seedMs;
    const request = target.request(server);
    const check = await preflight(request, target.door, target.expect);
    if (check.kind === 'not-mounted') {
      outcome.status = 'skipped';
      outcome.note = check.reason;
      log(`skip  ${target.id}: ${check.reason}`);
      servers.delete(target.id);
      await server.stop();
      return undefined;
    }
    if (check.kind === 'failed') {
      fail(target.id, check.reason);
      return undefined;
    }
    log(`ready ${target.id} (pid ${server.pid})`);
    return target.sameBodyEveryTime ? { ...request, expectBody: check.body } : request;
  } catch (error) {
    fail(target.id, error instanceof Error ? error.message : String(error));
    return undefined;
  }
}

/** The environment of a server child: the service's own settings, never the bench's. */
function childEnv(target: TargetSpec, context: StartContext): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [name, value] of Object.entries(process.env)) {
    if (value !== undefined && (['PATH', 'HOME', 'TZ', 'LOG_LEVEL', 'NODE_ENV'].includes(name) || name.startsWith('PETSTORE_'))) env[name] = value;
  }
  env['NODE_ENV'] ??= 'production';
  env['LOG_LEVEL'] ??= 'warn';
  // The per-key rate limit stays on, as in production, with a budget no run can use up (1,000,000 per second).
  env['PETSTORE_RATE_LIMIT'] ??= '1000000';
  env['PETSTORE_RATE_WINDOW_SECONDS'] ??= '1';
  env['BENCH_PETS'] = String(target.pets);
  if (target.scale) env['BENCH_DIRECT_SEED'] = '1';
  if (target.store === 'mongodb' && context.mongoUri) {
    const db = `bench_${context.runId}_${target.id.replace(/[^A-Za-z0-9]/g, '_')}`;
    env['MONGODB_URI'] = context.mongoUri;
    env['MONGODB_DB'] = db;
    env['BENCH_DB'] = db;
  }
  return env;
}

process.exitCode = await main().catch((error: unknown) => {
  log(`bench crashed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  return 1;
});
