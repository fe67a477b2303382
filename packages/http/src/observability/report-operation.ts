import type { Middleware } from 'koa';
import { requestReport, type Door } from './request-report.js';

/**
 * A Koa route's way to name its operation for the access log and the metrics, and to run the
 * rest of the route in the operation's span when the request is traced.
 */
export function reportOperation(door: Door, name: string, options: { deprecated?: boolean } = {}): Middleware {
  return async (ctx, next) => {
    const report = requestReport(ctx.req);
    report.operation(door, name, options);
    // @koa/router's name for the route template the request matched, such as /v1/pets/:petId.
    const route: unknown = ctx['_matchedRoute'];
    if (typeof route === 'string') report.route = route;
    await report.traced(name, options, next);
  };
}
