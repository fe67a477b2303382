#!/usr/bin/env node
import { spawn, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';
import autocannon from 'autocannon';
import { log } from './log.js';
import { choosePinning, cpuSeconds, pinProcess } from './pinning.js';
import { compareRounds, type RoundResult } from './compare-rounds.js';

/**
 * Two builds of the gateway side by side: this checkout's and another's (a git worktree of an
 * earlier commit, built), each `npm start`'s gateway on the embedded store, pinned to the same
 * CPU and loaded in turn, round after round, with the order swapped each round. What a change
 * did to one request's cost, told apart from a machine whose speed drifts between two runs of
 * the full bench:
 *
 *   node tooling/bench/dist/compare-builds.js <other checkout> <path> [method] [JSON body]
 *
 * Prints, per round and as medians of the per-round ratios, this build's req/s and CPU µs per
 * request against the other's.
 */
const KEY = 'psk_compare0builds0compare0builds0compare0buil';
const ROUNDS = Number(process.env['BENCH_ROUNDS'] ?? 6);
const SECONDS = Number(process.env['BENCH_SECONDS'] ?? 5);

interface Build {
  name: string;
  root: string;
}

interface Running extends Build {
  child: ChildProcess;
  port: number;
}

async function start(build: Build, port: number, cpu: number | undefined): Promise<Running> {
  const env = { ...process.env, NODE_ENV: 'production', PETSTORE_RATE_LIMIT: '1000000', PETSTORE_DEV_API_KEY: KEY, PORT: String(port) };
  const child = spawn(process.execPath, ['apps/gateway/dist/main.js'], { cwd: build.root, env, stdio: 'ignore' });
  if (cpu !== undefined && child.pid !== undefined) pinProcess(child.pid, cpu);
  for (let attempt = 0; ; attempt += 1) {
    try {
      await fetch(`http://127.0.0.1:${port}/healthz`);
      return { ...build, child, port };
    } catch (error) {
      if (attempt === 100) throw new Error(`${build.name} (${build.root}) did not start`, { cause: error });
      await new Promise((wake) => setTimeout(wake, 100));
    }
  }
}

async function load(server: Running, path: string, method: string, body: string | undefined, seconds: number): Promise<RoundResult> {
  const pid = server.child.pid ?? 0;
  const before = cpuSeconds(pid) ?? 0;
  const result = await autocannon({
    url: `http://127.0.0.1:${server.port}${path}`,
    connections: 10,
    duration: seconds,
    method: method as 'GET',
    headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' },
    ...(body !== undefined && { body }),
  });
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${server.name}: ${result.non2xx} answers not 2xx, ${result.errors} errors`);
  const cpu = (cpuSeconds(pid) ?? before) - before;
  return { requestsPerSecond: result.requests.average, cpuMicrosPerRequest: (cpu * 1e6) / result.requests.total };
}

async function main(argv: string[]): Promise<void> {
  const [otherRoot, path, method = 'GET', body] = argv;
  if (!otherRoot || !path) throw new Error('usage: compare-builds <other checkout> <path> [method] [JSON body]');
  const pinning = choosePinning();
  if (pinning) pinProcess(process.pid, pinning.loadCpu);
  const mine = await start({ name: 'this build', root: resolve(import.meta.dirname, '../../..') }, 8791, pinning?.serverCpu);
  const other = await start({ name: 'other build', root: resolve(otherRoot) }, 8792, pinning?.serverCpu);
  try {
    const results: { mine: RoundResult[]; other: RoundResult[] } = { mine: [], other: [] };
    for (const server of [mine, other]) await load(server, path, method, body, 2); // warm-up
    for (let round = 0; round < ROUNDS; round += 1) {
      const order = round % 2 === 0 ? [mine, other] : [other, mine];
      for (const server of order) (server === mine ? results.mine : results.other).push(await load(server, path, method, body, SECONDS));
      const [a, b] = [results.mine[round], results.other[round]] as [RoundResult, RoundResult];
      log(
        `round ${round + 1}: this ${a.requestsPerSecond.toFixed(0)} req/s, ${a.cpuMicrosPerRequest.toFixed(0)} µs/req; ` +
          `other ${b.requestsPerSecond.toFixed(0)} req/s, ${b.cpuMicrosPerRequest.toFixed(0)} µs/req`,
      );
    }
    const { throughput, cost } = compareRounds(results.mine, results.other);
    log(`${method} ${path}: this build ${throughput.toFixed(3)}× the other's req/s; the other's CPU per request ${cost.toFixed(3)}× this one's`);
  } finally {
    mine.child.kill();
    other.child.kill();
  }
}

await main(process.argv.slice(2));
