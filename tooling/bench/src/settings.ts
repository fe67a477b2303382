/** How a run is shaped, from the environment (see BENCHMARKS.md, "How to run"). */
export interface BenchSettings {
  quick: boolean;
  rounds: number;
  seconds: number;
  warmupSeconds: number;
  connections: number;
  /** Target ids or id prefixes to run (their baselines come along); empty for all. */
  only: string[];
  /** Write a CPU profile of every gateway child. */
  profile: boolean;
  scalePets: number;
  /** Write the report into BENCHMARKS.md. */
  write: boolean;
  /** Exit 2 when a goal is missed (a run with failures always exits 1). */
  strict: boolean;
}

const positive = (env: Record<string, string | undefined>, name: string, fallback: number): number => {
  const text = env[name];
  if (text === undefined || text.trim() === '') return fallback;
  const value = Number(text);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number, not ${JSON.stringify(text)}`);
  return value;
};

const flag = (env: Record<string, string | undefined>, name: string): boolean | undefined => {
  const text = env[name]?.trim().toLowerCase();
  if (text === undefined || text === '') return undefined;
  return !['0', 'false', 'no'].includes(text);
};

export function readSettings(env: Record<string, string | undefined>): BenchSettings {
  const quick = flag(env, 'BENCH_QUICK') ?? false;
  const only = (env['BENCH_ONLY'] ?? '')
    .split(',')
    .map((id) => id.trim())
    .filter((id) => id !== '');
  const profile = flag(env, 'BENCH_PROFILE') ?? false;
  const rounds = Math.round(positive(env, 'BENCH_ROUNDS', quick ? 1 : 4));
  const seconds = positive(env, 'BENCH_SECONDS', quick ? 2 : 5);
  const warmupSeconds = positive(env, 'BENCH_WARMUP_SECONDS', quick ? 1 : 2);
  // Only a full run of every target replaces the committed table, unless asked otherwise.
  const full = !quick && only.length === 0 && !profile && env['BENCH_ROUNDS'] === undefined && env['BENCH_SECONDS'] === undefined;
  return {
    quick,
    rounds,
    seconds,
    warmupSeconds,
    connections: Math.round(positive(env, 'BENCH_CONNECTIONS', 10)),
    only,
    profile,
    scalePets: Math.round(positive(env, 'BENCH_SCALE_PETS', 1_000_000)),
    write: flag(env, 'BENCH_WRITE') ?? full,
    strict: flag(env, 'BENCH_STRICT') ?? false,
  };
}
