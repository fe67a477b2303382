import {
  bucketStart,
  USAGE_DOORS,
  USAGE_OPERATIONS,
  USAGE_OUTCOMES,
  type HourCount,
  type UsageDoor,
  type UsageOperation,
  type UsageOutcome,
} from './ports.js';

export interface UsageMeterOptions {
  /** Milliseconds since the epoch, read once per counted request: which UTC hour it falls in. */
  now: () => number;
  /** Keys counted in one hour at most; a call of another key past it is dropped (and reported). */
  maxKeys?: number;
  /** Buckets kept for the next flush (earlier hours, failed flushes) at most; more are dropped (and reported). */
  maxHeld?: number;
  /** Calls dropped by a bound: the operator's metric (petstore_usage_dropped_total). */
  onDropped?: (calls: number) => void;
}

const OPERATION_INDEX = new Map<string, number>(USAGE_OPERATIONS.map((name, index) => [name, index]));
const DOOR_INDEX: Readonly<Record<UsageDoor, number>> = { rest: 0, graphql: 1, trpc: 2 };
const OUTCOME_INDEX: Readonly<Record<UsageOutcome, number>> = {
  served: 0,
  forbidden: 1,
  rate_limited: 2,
  client_error: 3,
  server_error: 4,
};
const CELLS = USAGE_OPERATIONS.length * USAGE_DOORS.length * USAGE_OUTCOMES.length;

/** One key's calls this hour, one cell per operation, door and outcome: counting is an array increment. */
interface KeyTally {
  accountId: string;
  cells: Uint32Array;
}

/**
 * Counts each key's calls in memory, per UTC hour, operation, door and outcome, for the flusher to
 * write in buckets: nothing is written per request, and counting a call allocates nothing once its
 * key has been seen this hour. Bounded: past `maxKeys` keys in an hour, or `maxHeld` buckets waiting
 * for a flush that keeps failing, calls are dropped and reported through `onDropped`.
 */
export class UsageMeter {
  readonly #now: () => number;
  readonly #maxKeys: number;
  readonly #maxHeld: number;
  readonly #onDropped: (calls: number) => void;
  #hour = Number.NaN;
  #tallies = new Map<string, KeyTally>();
  /** Counts of earlier hours and of failed flushes, waiting for the next flush. */
  #held = new Map<string, HourCount>();

  constructor(options: UsageMeterOptions) {
    this.#now = options.now;
    this.#maxKeys = options.maxKeys ?? 100_000;
    this.#maxHeld = options.maxHeld ?? 200_000;
    this.#onDropped = options.onDropped ?? (() => {});
  }

  /** Counts `calls` calls of `operation` by a key through `door` that ended as `outcome`. */
  count(accountId: string, keyId: string, operation: UsageOperation, door: UsageDoor, outcome: UsageOutcome, calls = 1): void {
    const hour = bucketStart(this.#now(), 'hour');
    if (hour !== this.#hour) this.#seal(hour);
    let tally = this.#tallies.get(keyId);
    if (tally === undefined) {
      if (this.#tallies.size >= this.#maxKeys) return this.#onDropped(calls);
      tally = { accountId, cells: new Uint32Array(CELLS) };
      this.#tallies.set(keyId, tally);
    }
    const cell = ((OPERATION_INDEX.get(operation) ?? 0) * USAGE_DOORS.length + DOOR_INDEX[door]) * USAGE_OUTCOMES.length + OUTCOME_INDEX[outcome];
    tally.cells[cell] = (tally.cells[cell] ?? 0) + calls;
  }

  /** Everything counted and not yet written, one count per bucket; the meter forgets it (put it back if writing fails). */
  take(): HourCount[] {
    this.#seal(this.#hour);
    const counts = [...this.#held.values()];
    this.#held = new Map();
    return counts;
  }

  /** Counts a flush could not write: kept for the next one, within `maxHeld` buckets. */
  putBack(counts: readonly HourCount[]): void {
    for (const count of counts) this.#hold(count);
  }

  /** Moves this hour's tallies into the held buckets, and starts counting `hour`. */
  #seal(hour: number): void {
    if (!Number.isNaN(this.#hour)) {
      const start = new Date(this.#hour);
      for (const [keyId, { accountId, cells }] of this.#tallies) {
        cells.forEach((calls, cell) => {
          if (calls > 0) this.#hold({ ...cellTally(cell), accountId, keyId, hour: start, count: calls });
        });
      }
    }
    this.#tallies = new Map();
    this.#hour = hour;
  }

  #hold(count: HourCount): void {
    const id = bucketId(count);
    const held = this.#held.get(id);
    if (held !== undefined) held.count += count.count;
    else if (this.#held.size >= this.#maxHeld) this.#onDropped(count.count);
    else this.#held.set(id, { ...count });
  }
}

/** The operation, door and outcome a cell of a key's tally counts. */
function cellTally(cell: number): Pick<HourCount, 'operation' | 'door' | 'outcome'> {
  const outcomes = USAGE_OUTCOMES.length;
  const doors = USAGE_DOORS.length;
  return {
    operation: USAGE_OPERATIONS[Math.floor(cell / (outcomes * doors))] as UsageOperation,
    door: USAGE_DOORS[Math.floor(cell / outcomes) % doors] as UsageDoor,
    outcome: USAGE_OUTCOMES[cell % outcomes] as UsageOutcome,
  };
}

/** One bucket's identity: its hour, key, operation, door and outcome (the key belongs to one account). */
export function bucketId(count: Pick<HourCount, 'hour' | 'keyId' | 'operation' | 'door' | 'outcome'>): string {
  return `${count.hour.toISOString()}|${count.keyId}|${count.operation}|${count.door}|${count.outcome}`;
}
