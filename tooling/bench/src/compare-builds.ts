#!/usr/bin/env node
import { spawn, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';
import autocannon from 'autocannon';
import { graphqlList, restList, trpcList, type Caller } from './client-requests.js';
import type { LoadRequest } from './load.js';
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
 *   node tooling/bench/dist/compare-builds.js <other checkout> rest.list|trpc.list|graphql.list
 *
 * A name sends, byte for byte, the request that client sends by default (client-requests.ts).
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

type RequestTo = (caller: Caller) => LoadRequest;

/** The clients' own requests, by the name given instead of a path. */
const CLIENT_REQUESTS: Readonly<Record<string, RequestTo>> = {
  'rest.list': restList,
  'trpc.list': (caller) => trpcList(caller, { batch: true }),
  'graphql.list': graphqlList,
};

function requestOf(pathOrName: string, method: string, body: string | undefined): RequestTo {
  const named = CLIENT_REQUESTS[pathOrName];
  if (named) return named;
  if (!pathOrName.startsWith('/')) throw new Error(`${pathOrName}: give a path or one of ${Object.keys(CLIENT_REQUESTS).join(', ')}`);
  return ({ baseUrl, apiKey }) => ({
    url: `${baseUrl}${pathOrName}`,
    method: method as LoadRequest['method'],
    headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
    ...(body !== undefined && { body }),
  });
}

async function load(server: Running, requestTo: RequestTo, seconds: number): Promise<RoundResult> {
  const pid = server.child.pid ?? 0;
  const before = cpuSeconds(pid) ?? 0;
  const request = requestTo({ baseUrl: `http://127.0.0.1:${server.port}`, apiKey: KEY });
  const result = await autocannon({
    url: request.url,
    connections: 10,
    duration: seconds,
    method: request.method,
    headers: request.headers,
    ...(request.body !== undefined && { body: request.body }),
  });
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${server.name}: ${result.non2xx} answers not 2xx, ${result.errors} errors`);
  const cpu = (cpuSeconds(pid) ?? before) - before;
  return { requestsPerSecond: result.requests.average, cpuMicrosPerRequest: (cpu * 1e6) / result.requests.total };
}

async function main(argv: string[]): Promise<void> {
  const [otherRoot, path, method = 'GET', body] = argv;
  if (!otherRoot || !path)
    throw new Error(`usage: compare-builds <other checkout> <path> [method] [JSON body] | ${Object.keys(CLIENT_REQUESTS).join('|')}`);
  const requestTo = requestOf(path, method, body);
  const pinning = choosePinning();
  if (pinning) pinProcess(process.pid, pinning.loadCpu);
  const mine = await start({ name: 'this build', root: resolve(import.meta.dirname, '../../..') }, 8791, pinning?.serverCpu);
  const other = await start({ name: 'other build', root: resolve(otherRoot) }, 8792, pinning?.serverCpu);
  try {
    const results: { mine: RoundResult[]; other: RoundResult[] } = { mine: [], other: [] };
    for (const server of [mine, other]) await load(server, requestTo, 2); // warm-up
    for (let round = 0; round < ROUNDS; round += 1) {
      const order = round % 2 === 0 ? [mine, other] : [other, mine];
      for (const server of order) (server === mine ? results.mine : results.other).push(await load(server, requestTo, SECONDS));
      const [a, b] = [results.mine[round], results.other[round]] as [RoundResult, RoundResult];
      log(
        `round ${round + 1}: this ${a.requestsPerSecond.toFixed(0)} req/s, ${a.cpuMicrosPerRequest.toFixed(0)} µs/req; ` +
          `other ${b.requestsPerSecond.toFixed(0)} req/s, ${b.cpuMicrosPerRequest.toFixed(0)} µs/req`,
      );
    }
    const { throughput, cost } = compareRounds(results.mine, results.other);
    log(
      `${path in CLIENT_REQUESTS ? path : `${method} ${path}`}: this build ${throughput.toFixed(3)}× the other's req/s; the other's CPU per request ${cost.toFixed(3)}× this one's`,
    );
  } finally {
    mine.child.kill();
    other.child.kill();
  }
}

await main(process.argv.slice(2));
