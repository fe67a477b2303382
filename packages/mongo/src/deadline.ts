import { unavailable } from './driver-errors.js';

class DeadlineExceeded extends Error {
  override readonly name = 'DeadlineExceeded';
}

/**
 * Makes every promise-returning method of `store` settle within `ms`; past it the call fails as
 * service_unavailable. The driver's own time-outs add up rather than bound an operation (finding a
 * server, then a pooled connection, then the reply, then all of it again for a retried read: a
 * 3 s setting answered after 6 s), and mongodb 7.x ignores `timeoutMS`, so only a deadline around
 * the whole call keeps the documented bound. The abandoned operation runs on until the driver's
 * time-outs end it; a write it completes late is what Idempotency-Key is for.
 */
export function withDeadline<T extends object>(store: T, ms: number): T {
  return new Proxy(store, {
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]): unknown => {
        const result: unknown = Reflect.apply(value, target, args);
        return result instanceof Promise ? settleWithin(result, ms) : result;
      };
    },
  });
}

/** Settles as `operation` does, or fails as service_unavailable once `ms` have passed. */
export function settleWithin<T>(operation: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(unavailable(new DeadlineExceeded(`no answer from the database within ${ms} ms`))), ms);
  });
  return Promise.race([operation, deadline]).finally(() => clearTimeout(timer));
}
