import Koa from 'koa';
import { errorBody } from './error-body.js';
import type { ExchangeState } from './exchange/exchange.js';
import type { HttpShell } from './shell/http-shell.js';

const JSON_TYPE = ['Content-Type', 'application/json; charset=utf-8'];
const HEALTHY = JSON.stringify({ status: 'ok' });
const READY = JSON.stringify({ status: 'ready' });
const NOT_READY = JSON.stringify(errorBody(503, 'service_unavailable', 'not ready'));

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
    const exchange = ctx.state.exchange;
    if (ctx.path === '/healthz' && ctx.method === 'GET') {
      exchange.operation('ops', 'healthz');
      return exchange.send(200, JSON_TYPE, HEALTHY);
    }
    if (ctx.path === '/readyz' && ctx.method === 'GET') {
      exchange.operation('ops', 'readyz');
      const ready = options.ready ? await options.ready().catch(() => false) : true;
      return ready ? exchange.send(200, JSON_TYPE, READY) : exchange.send(503, JSON_TYPE, NOT_READY);
    }
    await next();
  });
  return app;
}
