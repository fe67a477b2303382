import { isDomainError } from '@petstore/domain';
import type { PetstoreMetrics } from '@petstore/http';

type Method = (...args: unknown[]) => unknown;

/**
 * Wraps a store so that every failure of its database is counted in
 * `petstore_database_errors_total{operation,code}` before it travels on unchanged. Conflicts and
 * other answers the service expects are not database errors.
 */
export function countDatabaseErrors<T extends object>(store: T, name: string, metrics: PetstoreMetrics): T {
  const count = (method: string, error: unknown): void => {
    const code = isDomainError(error) ? error.code : 'internal_error';
    if (code === 'service_unavailable' || code === 'internal_error') {
      metrics.databaseErrors.inc({ operation: `${name}.${method}`, code });
    }
  };
  // One wrapper per method, made at its first use rather than at every call (each store call of a request went through here).
  const wrappers = new Map<string, { method: Method; counted: Method }>();
  const wrap = (property: string, method: Method): Method => {
    const rethrowCounted = (error: unknown): never => {
      count(property, error);
      throw error;
    };
    return (...args) => {
      const result: unknown = Reflect.apply(method, store, args);
      return result instanceof Promise ? result.then(undefined, rethrowCounted) : result;
    };
  };
  return new Proxy(store, {
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver);
      if (typeof value !== 'function' || typeof property !== 'string') return value;
      const known = wrappers.get(property);
      if (known?.method === value) return known.counted;
      const counted = wrap(property, value as Method);
      wrappers.set(property, { method: value as Method, counted });
      return counted;
    },
  });
}
