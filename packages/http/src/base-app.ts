import Koa from 'koa';
import type { Logger } from 'pino';
import { errorBody } from './error-body.js';
import { errorEnvelope } from './error-envelope.js';
import { requestReport } from './observability/request-report.js';

export interface BaseAppOptions {
  logger: Logger;
  /** Whether the database (or whatever the service needs) can serve requests now. */
  ready?: () => Promise<boolean>;
}

/**
 * The Koa application every door is mounted on, alone or in the gateway: the JSON error
 * envelope outermost, then health probes that need no key.
 */
export function createBaseApp(options: BaseAppOptions): Koa {
  const app = new Koa();
  app.silent = true; // errors are logged once, by the envelope
  app.use(errorEnvelope(options.logger));
  app.use(async (ctx, next) => {
    if (ctx.path === '/healthz' && ctx.method === 'GET') {
      requestReport(ctx.req).operation('ops', 'healthz');
      ctx.body = { status: 'ok' };
      return;
    }
    if (ctx.path === '/readyz' && ctx.method === 'GET') {
      requestReport(ctx.req).operation('ops', 'readyz');
      const ready = options.ready ? await options.ready().catch(() => false) : true;
      ctx.status = ready ? 200 : 503;
      ctx.body = ready ? { status: 'ready' } : errorBody(503, 'service_unavailable', 'not ready');
      return;
    }
    await next();
  });
  return app;
}
