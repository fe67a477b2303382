import autocannon from 'autocannon';
import type { IncomingHttpHeaders } from 'node:http';
import { cpuSeconds } from './pinning.js';
import { percentileOfSorted, SampleBuffer } from './stats.js';

export interface LoadRequest {
  url: string;
  method: 'GET' | 'POST';
  headers: IncomingHttpHeaders;
  body?: string;
  /** When set, any response body that differs is a failure. */
  expectBody?: string;
  /** When set, each request sends the body it gives instead of `body` (a new document each time). */
  nextBody?: () => string;
}

export interface LoadSettings {
  seconds: number;
  connections: number;
}

export interface LoadResult {
  requests: number;
  seconds: number;
  requestsPerSecond: number;
  /** Latency percentiles in milliseconds, from every response's own time (not autocannon's 1 ms buckets). */
  p50Ms: number;
  p99Ms: number;
  /** Share of one CPU the server process used during the run (1 = saturated). */
  serverCpu: number;
  /**
   * Server CPU time per answered request, in microseconds: what a request costs whatever else
   * the machine is doing, so its ratios hold up better on a busy machine than req/s ratios.
   */
  serverCpuUsPerRequest: number;
  /** Share of one CPU the database server (FerretDB started by the bench) used; NaN otherwise. */
  dbCpu: number;
  /** The database server's CPU time per answered request, in microseconds; NaN when not measured. */
  dbCpuUsPerRequest: number;
  /**
   * Share of one CPU this process (autocannon) used: near 1 means the load generator, not the
   * server, set the pace, and ratios to that baseline understate the gap.
   */
  loadCpu: number;
  /** Why the run does not count: non-2xx answers, socket errors, timeouts or unexpected bodies. */
  failure: string | undefined;
}

/** Drives one server with autocannon for a fixed time and keeps every response's latency. */
export interface Processes {
  server?: number | undefined;
  database?: number | undefined;
}

const cpuShare = (pid: number | undefined, before: number | undefined, seconds: number): number => {
  const after = pid === undefined ? undefined : cpuSeconds(pid);
  return before === undefined || after === undefined ? Number.NaN : (after - before) / seconds;
};

export async function runLoad(request: LoadRequest, settings: LoadSettings, processes: Processes = {}): Promise<LoadResult> {
  const serverPid = processes.server;
  const dbPid = processes.database;
  const dbCpuBefore = dbPid === undefined ? undefined : cpuSeconds(dbPid);
  const latencies = new SampleBuffer();
  let firstError: string | undefined;
  let unexpectedBodies = 0;
  const { nextBody } = request;
  const serverCpuBefore = serverPid === undefined ? undefined : cpuSeconds(serverPid);
  const loadCpuBefore = process.cpuUsage();
  const started = performance.now();
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: request.url,
        method: request.method,
        headers: request.headers,
        ...(request.body !== undefined && { body: request.body }),
        ...(nextBody ? { requests: [bodyPerRequest(nextBody, request.expectBody, () => (unexpectedBodies += 1))] } : {}),
        // autocannon checks bodies itself only when every request is the same.
        ...(request.expectBody !== undefined && !nextBody && { expectBody: request.expectBody }),
        connections: settings.connections,
        pipelining: 1,
        duration: settings.seconds,
        timeout: 10,
      },
      (error: Error | null, done: autocannon.Result) => (error ? reject(error) : resolve(done)),
    );
    instance.on('response', (_client, _status, _bytes, responseTime) => latencies.push(responseTime));
    instance.on('reqError', (error: unknown) => {
      firstError ??= error instanceof Error ? error.message : String(error);
    });
  });
  const seconds = (performance.now() - started) / 1000;
  const loadCpu = process.cpuUsage(loadCpuBefore);
  const serverCpu = cpuShare(serverPid, serverCpuBefore, seconds);
  const dbCpu = cpuShare(dbPid, dbCpuBefore, seconds);
  const sorted = latencies.sorted();
  return {
    requests: sorted.length,
    seconds,
    requestsPerSecond: sorted.length / seconds,
    p50Ms: percentileOfSorted(sorted, 0.5),
    p99Ms: percentileOfSorted(sorted, 0.99),
    serverCpu,
    serverCpuUsPerRequest: sorted.length > 0 ? (serverCpu * seconds * 1e6) / sorted.length : Number.NaN,
    dbCpu,
    dbCpuUsPerRequest: sorted.length > 0 ? (dbCpu * seconds * 1e6) / sorted.length : Number.NaN,
    loadCpu: (loadCpu.user + loadCpu.system) / 1e6 / seconds,
    failure: describeFailure({ ...result, mismatches: result.mismatches + unexpectedBodies }, firstError),
  };
}

/** A request whose body is new each time, its answer checked against the expected one when there is one. */
function bodyPerRequest(nextBody: () => string, expectBody: string | undefined, unexpected: () => void): autocannon.Request {
  return {
    setupRequest: (sent) => ({ ...sent, body: nextBody() }),
    ...(expectBody !== undefined && {
      onResponse: (_status: number, body: string) => {
        if (body !== expectBody) unexpected();
      },
    }),
  };
}

/** Any answer but 2xx, any error or timeout, any body other than the expected one fails the run. */
export function describeFailure(
  result: Pick<autocannon.Result, 'non2xx' | 'errors' | 'timeouts' | 'mismatches' | 'statusCodeStats'>,
  firstError?: string,
): string | undefined {
  const problems: string[] = [];
  if (result.non2xx > 0) {
    const codes = Object.entries(result.statusCodeStats ?? {})
      .filter(([code]) => !code.startsWith('2'))
      .map(([code, stats]) => `${stats.count ?? 0}×${code}`);
    problems.push(`${result.non2xx} non-2xx responses${codes.length > 0 ? ` (${codes.join(', ')})` : ''}`);
  }
  if (result.errors > 0) {
    problems.push(`${result.errors} errors (${result.timeouts} timeouts)${firstError ? `: ${firstError}` : ''}`);
  }
  if (result.mismatches > 0) problems.push(`${result.mismatches} responses with an unexpected body`);
  return problems.length > 0 ? problems.join('; ') : undefined;
}
