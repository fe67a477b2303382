import type { RequestListener } from 'node:http';
import Koa from 'koa';
import { doorMiddleware, handlerStep, type DoorMount, type MountDeps } from './door/mount-door.js';
import type { Handler } from './door/handler.js';
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
 * The app every door is mounted on, alone or in the gateway: the HTTP shell outermost, then health
 * probes that need no key, then each door and step in the order they are mounted. Koa and
 * @koa/router are its middleware chain and router, kept inside this package: a door mounts
 * routes and handlers that take the exchange, and never sees Koa's context.
 */
export class HttpApp {
  readonly #koa = new Koa<ExchangeState>();

  constructor(options: BaseAppOptions) {
    this.#koa.silent = true; // errors are logged once, by the shell and the doors
    this.#koa.use(options.shell.middleware);
    this.use(async (exchange, next) => {
      if (exchange.path === '/healthz' && exchange.method === 'GET') {
        exchange.operation('ops', 'healthz');
        return exchange.send(200, JSON_TYPE, HEALTHY);
      }
      if (exchange.path === '/readyz' && exchange.method === 'GET') {
        exchange.operation('ops', 'readyz');
        const ready = options.ready ? await options.ready().catch(() => false) : true;
        return ready ? exchange.send(200, JSON_TYPE, READY) : exchange.send(503, JSON_TYPE, NOT_READY);
      }
      await next();
    });
  }

  /** Mounts a door under its prefix (see DoorMount): its key check, its routes, its refusals in its shape. */
  mount(deps: MountDeps, door: DoorMount): void {
    this.#koa.use(doorMiddleware(deps, door));
  }

  /** A step every request meets after what was mounted before it (the portal's pages). */
  use(step: Handler): void {
    this.#koa.use(handlerStep(step));
  }

  /**
   * The app as Node's request listener. Koa answers every failure itself (`ctx.onerror`), so the
   * promise its callback returns never rejects; Node ignores a listener's result, and so does this.
   */
  listener(): RequestListener {
    const handle = this.#koa.callback();
    return (req, res) => {
      void handle(req, res);
    };
  }
}

export function createBaseApp(options: BaseAppOptions): HttpApp {
  return new HttpApp(options);
}
