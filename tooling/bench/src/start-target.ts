import { log } from './log.js';
import type { LoadRequest } from './load.js';
import type { TargetOutcome } from './outcome.js';
import { preflight } from './preflight.js';
import { startServer, type ServerProcess } from './server-process.js';
import type { TargetSpec } from './target-spec.js';

export interface StartContext {
  mongoUri: string | undefined;
  runId: string;
  cpu: number | null;
  profileDir: string | undefined;
}

/** Starts a target's server and checks one answer; the request to load it with, or undefined when it can't run. */
export async function startTarget(
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
    if (server.ready.nameBytesPerPet !== undefined) outcome.nameBytesPerPet = server.ready.nameBytesPerPet;
    if (server.ready.seedMs !== undefined) outcome.seedMs = server.ready.seedMs;
    const request = target.request(server);
    const check = await preflight(request, target);
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
export function childEnv(target: TargetSpec, context: StartContext): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [name, value] of Object.entries(process.env)) {
    if (value !== undefined && (['PATH', 'HOME', 'TZ', 'LOG_LEVEL', 'NODE_ENV'].includes(name) || name.startsWith('PETSTORE_'))) env[name] = value;
  }
  env['NODE_ENV'] ??= 'production';
  // The per-key rate limit stays on, as in production, with a budget no run can use up (1,000,000 per second).
  env['PETSTORE_RATE_LIMIT'] ??= '1000000';
  env['PETSTORE_RATE_WINDOW_SECONDS'] ??= '1';
  env['BENCH_PETS'] = String(target.pets);
  if (target.scale) env['BENCH_DIRECT_SEED'] = '1';
  Object.assign(env, target.env);
  if (target.store === 'mongodb' && context.mongoUri) {
    const db = `bench_${context.runId}_${target.id.replace(/[^A-Za-z0-9]/g, '_')}`;
    env['MONGODB_URI'] = context.mongoUri;
    env['MONGODB_DB'] = db;
    env['BENCH_DB'] = db;
  }
  return env;
}
