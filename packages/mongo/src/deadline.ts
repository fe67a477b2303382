import { unavailable } from './driver-errors.js';

class DeadlineExceeded extends Error {
  override readonly name = 'DeadlineExceeded';
}

interface Pending {
  due: number;
  expire: () => void;
}

/**
 * Every call in flight under one bound, with one timer for all of them. All share the same `ms`,
 * so the order they start in is the order they fall due: the set (which iterates in insertion
 * order) is a queue, and the timer only ever waits for its oldest member. A call costs an entry
 * in a set instead of a timer of its own, a race and a `finally` (profiled on the MongoDB list:
 * three timers and about a dozen promise reactions a request, before this).
 */
class DeadlineQueue {
  private readonly pending = new Set<Pending>();
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly ms: number) {}

  settleWithin<T>(operation: Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const entry: Pending = {
        due: performance.now() + this.ms,
        expire: () => reject(unavailable(new DeadlineExceeded(`no answer from the database within ${this.ms} ms`))),
      };
      this.pending.add(entry);
      this.timer ??= this.arm(this.ms);
      operation.then(
        (value) => {
          this.pending.delete(entry);
          resolve(value);
        },
        (error: Error) => {
          this.pending.delete(entry);
          reject(error);
        },
      );
    });
  }

  /**
   * Unreferenced: once the last call settles the timer may still be armed, and must not keep a
   * process (the CLI) alive; a call still waiting keeps it alive by its own socket or driver timer.
   */
  private arm(ms: number): NodeJS.Timeout {
    return setTimeout(this.expireDue, ms).unref();
  }

  private readonly expireDue = (): void => {
    this.timer = undefined;
    const now = performance.now();
    for (const entry of this.pending) {
      if (entry.due > now) {
        // Timers may fire up to a millisecond before performance.now() says the time is up.
        this.timer = this.arm(Math.max(1, Math.ceil(entry.due - now)));
        return;
      }
      this.pending.delete(entry);
      entry.expire();
    }
  };
}

const queues = new Map<number, DeadlineQueue>();

const queueFor = (ms: number): DeadlineQueue => {
  let queue = queues.get(ms);
  if (!queue) {
    queue = new DeadlineQueue(ms);
    queues.set(ms, queue);
  }
  return queue;
};

/**
 * Makes every promise-returning method of `store` settle within `ms`; past it the call fails as
 * service_unavailable. The driver's own time-outs add up rather than bound an operation (finding a
 * server, then a pooled connection, then the reply, then all of it again for a retried read: a
 * 3 s setting answered after 6 s), and mongodb 7.x ignores `timeoutMS`, so only a deadline around
 * the whole call keeps the documented bound. The abandoned operation runs on until the driver's
 * time-outs end it; a write it completes late is what Idempotency-Key is for.
 */
export function withDeadline<T extends object>(store: T, ms: number): T {
  const queue = queueFor(ms);
  // One wrapper per method, made at its first use rather than at every call.
  const wrappers = new Map<PropertyKey, { method: (...args: unknown[]) => unknown; bounded: (...args: unknown[]) => unknown }>();
  return new Proxy(store, {
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver);
      if (typeof value !== 'function') return value;
      const known = wrappers.get(property);
      if (known?.method === value) return known.bounded;
      const method = value as (...args: unknown[]) => unknown;
      const bounded = (...args: unknown[]): unknown => {
        const result: unknown = Reflect.apply(method, target, args);
        return result instanceof Promise ? queue.settleWithin(result) : result;
      };
      wrappers.set(property, { method, bounded });
      return bounded;
    },
  });
}

/** Settles as `operation` does, or fails as service_unavailable once `ms` have passed. */
export function settleWithin<T>(operation: Promise<T>, ms: number): Promise<T> {
  return queueFor(ms).settleWithin(operation);
}
