import { isDomainError } from '@petstore/domain';
import type { PetstoreMetrics } from '@petstore/http';

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
  return new Proxy(store, {
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver);
      if (typeof value !== 'function' || typeof property !== 'string') return value;
      return (...args: unknown[]): unknown => {
        const result: unknown = Reflect.apply(value, target, args);
        if (!(result instanceof Promise)) return result;
        return result.catch((error: unknown) => {
          count(property, error);
          throw error;
        });
      };
    },
  });
}
