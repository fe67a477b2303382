import type { Middleware } from 'koa';
import { requestReport, type Door } from './request-report.js';

/** A Koa route's way to name its operation for the access log and the metrics. */
export function reportOperation(door: Door, name: string, options: { deprecated?: boolean } = {}): Middleware {
  return async (ctx, next) => {
    requestReport(ctx.req).operation(door, name, options);
    await next();
  };
}
