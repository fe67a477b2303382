import Koa from 'koa';
import { errorBody } from './error-body.js';
import type { ExchangeState } from './exchange/exchange.js';
import type { HttpShell } from './shell/http-shell.js';

export interface BaseAppOptions {
  /** The process's HTTP shell, outermost: every request's exchange, and the writer of every answer. */
  shell: HttpShell;
  /** Whether the database (or whatever the service needs) can serve requests now. */
  ready?: () => Promise<boolean>;
}

/**
 * The Koa application every door is mounted on, alone or in the gateway: the HTTP shell
 * outermost, then health probes that need no key.
 */
export function createBaseApp(options: BaseAppOptions): Koa<ExchangeState> {
  const app = new Koa<ExchangeState>();
  app.silent = true; // errors are logged once, by the shell and the doors
  app.use(options.shell.middleware);
  app.use(async (ctx, next) => {
    if (ctx.path === '/healthz' && ctx.method === 'GET') {
      ctx.state.exchange.operation('ops', 'healthz');
      ctx.body = { status: 'ok' };
      return;
    }
    if (ctx.path === '/readyz' && ctx.method === 'GET') {
      ctx.state.exchange.operation('ops', 'readyz');
      const ready = options.ready ? await options.ready().catch(() => false) : true;
      ctx.status = ready ? 200 : 503;
      ctx.body = ready ? { status: 'ready' } : errorBody(503, 'service_unavailable', 'not ready');
      return;
    }
    await next();
  });
  return app;
}
